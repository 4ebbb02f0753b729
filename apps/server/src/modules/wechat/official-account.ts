import { WECHAT_QR_TTL_SECONDS } from '@lingxi/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { issueCreatorSecret } from './creator-cookie';
import { requestUrls } from './request-urls';
import type { OaIntent, WechatService } from './service';

/**
 * Starts the official account's web authorization for this browser (its creator cookie is set on `reply`) and returns
 * the address to send the browser to. For another module's route, e.g. a WeChat Pay JSAPI order that has no openid
 * yet: `(await startOfficialAccountAuthorization(req, reply, wechat, config.publicBaseUrl, { intent: 'base', userId,
 * returnTo: '/rewardhistory' })).url`. Throws 404 OA_UNAVAILABLE when no official account is configured, 400 for a
 * return path that is not on this site.
 */
export async function startOfficialAccountAuthorization(
  req: FastifyRequest,
  reply: FastifyReply,
  wechat: Pick<WechatService, 'startOfficialAccount'>,
  publicBaseUrl: string | undefined,
  o: { intent: OaIntent; userId: string | null; returnTo?: string | null },
) {
  const secret = issueCreatorSecret(req, reply, WECHAT_QR_TTL_SECONDS * 2);
  return wechat.startOfficialAccount(o.intent, o.userId, secret, requestUrls(req, publicBaseUrl), o.returnTo);
}
