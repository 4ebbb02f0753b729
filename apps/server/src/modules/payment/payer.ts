import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { SANDBOX_IDS } from './sandbox';
import { NO_PAYER_IDENTITY, type PayerIdentity } from './service';

/**
 * The JSAPI payer from the official account's web authorisation (issue 19): the openid it stored for the user. WeChat
 * Pay checks that the openid belongs to the order's appid, so this is on only when the official account is the one
 * WECHATPAY_APPID names; otherwise WeChat's browser pays by QR (long-press) and the start-up log says why.
 */
export function officialAccountPayer(
  config: Pick<Config, 'payment' | 'wechat'>,
  openid: (userId: string) => Promise<string | null>,
  log: FastifyBaseLogger,
): PayerIdentity {
  const oaAppid = config.wechat.officialAccount?.appid ?? null;
  const payAppid = config.payment.mode === 'sandbox' ? SANDBOX_IDS.appid : (config.payment.wechat?.appid ?? null);
  if (!oaAppid || !payAppid) return NO_PAYER_IDENTITY;
  if (oaAppid !== payAppid) {
    log.warn(
      { oaAppid, payAppid },
      'WECHATPAY_APPID is not the official account (WECHAT_MP_APPID): WeChat Pay JSAPI is off, WeChat’s browser pays by QR',
    );
    return NO_PAYER_IDENTITY;
  }
  return { openid, authorization: true };
}
