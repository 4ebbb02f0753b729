/**
 * Field rules of POST /v3/pay/transactions/native as WeChat Pay enforces them
 * (https://pay.weixin.qq.com/doc/v3/merchant/4012525095). The sandbox accepts an http notify_url so a laptop can
 * receive callbacks; production WeChat requires https.
 */
export interface NativeOrderBody {
  appid: string;
  mchid: string;
  description: string;
  out_trade_no: string;
  time_expire: string;
  notify_url: string;
  attach?: string;
  amount: { total: number; currency: string };
}

const OUT_TRADE_NO = /^[0-9A-Za-z_\-*|]{6,32}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

export function validateNativeOrder(
  text: string,
  merchant: { mchid: string; appid: string },
  now: Date,
): { ok: true; body: NativeOrderBody } | { ok: false; message: string } {
  let b: Partial<NativeOrderBody> & { amount?: Partial<NativeOrderBody['amount']> };
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
  return { ok: true, body: b as NativeOrderBody };
}
