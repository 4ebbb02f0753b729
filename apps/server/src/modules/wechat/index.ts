// The WeChat module's public surface: what other modules may use.
export type { WechatService } from './service';
