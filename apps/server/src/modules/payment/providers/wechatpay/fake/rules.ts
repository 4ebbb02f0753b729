import { isIP } from 'node:net';

/**
 * Field rules of POST /v3/pay/transactions/{native,h5,jsapi} as WeChat Pay enforces them
 * (https://pay.weixin.qq.com/doc/v3/merchant/4012525095, …/4012526017 H5, …/4012525110 JSAPI). The sandbox accepts an
 * http notify_url so a laptop can receive callbacks; production WeChat requires https.
 */
export type WechatTradeType = 'NATIVE' | 'H5' | 'JSAPI';

export interface WechatOrderBody {
  appid: string;
  mchid: string;
  description: string;
  out_trade_no: string;
  time_expire: string;
  notify_url: string;
  attach?: string;
  amount: { total: number; currency: string };
  /** H5: the paying phone's IP, checked when the cashier opens; h5_info.type is Wap for a website. */
  scene_info?: { payer_client_ip?: string; h5_info?: { type?: string } };
  /** JSAPI: the payer's openid under appid. */
  payer?: { openid?: string };
}
/** Kept for the tests that build Native bodies. */
export type NativeOrderBody = WechatOrderBody;

const OUT_TRADE_NO = /^[0-9A-Za-z_\-*|]{6,32}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;
const OPENID = /^[0-9A-Za-z_-]{1,128}$/;
const H5_TYPES = new Set(['Wap', 'iOS', 'Android']);

export function validateOrder(
  text: string,
  merchant: { mchid: string; appid: string },
  now: Date,
  tradeType: WechatTradeType = 'NATIVE',
): { ok: true; body: WechatOrderBody } | { ok: false; message: string } {
  let b: Partial<WechatOrderBody> & { amount?: Partial<WechatOrderBody['amount']> };
  try {
    b = JSON.parse(text);
  } catch {
    return { ok: false, message: '请求体不是有效的JSON' };
  }
  const bad = (message: string) => ({ ok: false as const, message });
  if (b.mchid !== merchant.mchid) return bad('mchid 与签名商户号不符');
  if (b.appid !== merchant.appid) return bad('appid和mch_id不匹配');
  if (typeof b.description !== 'string' || !b.description || Buffer.byteLength(b.description) > 127)
    return bad('description 必填且不超过127字节');
  if (typeof b.out_trade_no !== 'string' || !OUT_TRADE_NO.test(b.out_trade_no)) return bad('out_trade_no 格式不正确');
  if (b.attach !== undefined && (typeof b.attach !== 'string' || Buffer.byteLength(b.attach) > 128)) return bad('attach 不超过128字节');
  if (typeof b.time_expire !== 'string' || !RFC3339.test(b.time_expire) || Number.isNaN(Date.parse(b.time_expire)))
    return bad('time_expire 应为 RFC3339 格式');
  if (Date.parse(b.time_expire) <= now.getTime()) return bad('time_expire 必须晚于当前时间');
  let notify: URL;
  try {
    notify = new URL(b.notify_url ?? '');
  } catch {
    return bad('notify_url 格式不正确');
  }
  if (!/^https?:$/.test(notify.protocol) || notify.search || notify.hash || (b.notify_url?.length ?? 0) > 255)
    return bad('notify_url 需为不带参数的 http(s) 地址');
  const total = b.amount?.total;
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 1) return bad('amount.total 必须为不小于1的整数（单位：分）');
  if ((b.amount?.currency ?? 'CNY') !== 'CNY') return bad('currency 仅支持 CNY');
  if (tradeType === 'H5') {
    const ip = b.scene_info?.payer_client_ip;
    if (typeof ip !== 'string' || !isIP(ip)) return bad('scene_info.payer_client_ip 必填且为用户的 IP 地址');
    if (!H5_TYPES.has(b.scene_info?.h5_info?.type ?? '')) return bad('scene_info.h5_info.type 应为 Wap、iOS 或 Android');
  } else if (b.scene_info?.h5_info) return bad('h5_info 仅用于 H5 支付');
  if (tradeType === 'JSAPI') {
    if (typeof b.payer?.openid !== 'string' || !OPENID.test(b.payer.openid)) return bad('payer.openid 必填');
  } else if (b.payer) return bad('payer 仅用于 JSAPI 支付');
  return { ok: true, body: b as WechatOrderBody };
}

/** Native orders (kept name for the existing callers). */
export const validateNativeOrder = (text: string, merchant: { mchid: string; appid: string }, now: Date) =>
  validateOrder(text, merchant, now, 'NATIVE');
