import { parseYuanToFen } from '@lingxi/shared';

/**
 * Field rules of alipay.trade.precreate (OpenAPI v3) as the gateway enforces them
 * (https://opendocs.alipay.com/open-v3/09d1et). total_amount is yuan text with at most two decimals in [0.01, 1e8].
 */
export interface PrecreateBody {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  notify_url: string;
  timeout_express?: string;
  body?: string;
}

const OUT_TRADE_NO = /^[A-Za-z0-9_]{6,64}$/;
const AMOUNT = /^(0|[1-9]\d{0,8})(\.\d{1,2})?$/;

export function validatePrecreate(text: string): { ok: true; body: PrecreateBody } | { ok: false; code: string; message: string } {
  let b: Partial<PrecreateBody>;
  try {
    b = JSON.parse(text);
  } catch {
    return { ok: false, code: 'INVALID_PARAMETER', message: '请求体不是有效的JSON' };
  }
  const bad = (message: string) => ({ ok: false as const, code: 'INVALID_PARAMETER', message });
  if (typeof b.out_trade_no !== 'string' || !OUT_TRADE_NO.test(b.out_trade_no)) return bad('out_trade_no 格式不正确');
  if (typeof b.total_amount !== 'string' || !AMOUNT.test(b.total_amount)) return bad('total_amount 应为最多两位小数的金额字符串');
  const amount = parseYuanToFen(b.total_amount, { maxFen: 100_000_000_00 });
  if (!amount.ok) return { ok: false, code: 'ACQ.TOTAL_FEE_EXCEED', message: '订单金额超出范围' };
  if (typeof b.subject !== 'string' || !b.subject || b.subject.length > 256) return bad('subject 必填且不超过256个字符');
  if (b.timeout_express !== undefined && !/^([1-9]\d{0,3}[mhd]|1c)$/.test(b.timeout_express)) return bad('timeout_express 格式不正确');
  try {
    const u = new URL(b.notify_url ?? '');
    if (!/^https?:$/.test(u.protocol)) throw new Error('protocol');
  } catch {
    return bad('notify_url 格式不正确');
  }
  return { ok: true, body: b as PrecreateBody };
}
