// The WeChat module's public surface: what other modules may use.
export type { OaIntent, WechatService } from './service';
// The official account (公众号) for WeChat Pay JSAPI: `wechat.officialAccountOpenid(userId)` answers the payer openid
// (null until the person authorized inside WeChat); this starts the silent authorization that stores it.
export { startOfficialAccountAuthorization } from './official-account';
