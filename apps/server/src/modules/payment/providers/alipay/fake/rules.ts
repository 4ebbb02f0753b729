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

/** biz_content of alipay.trade.wap.pay (https://opendocs.alipay.com/open/29ae8cb6_alipay.trade.wap.pay). */
export interface WapBizContent {
  out_trade_no: string;
  total_amount: string;
  subject: string;
  product_code: string;
  timeout_express?: string;
  quit_url?: string;
}

/** The gateway's checks of a wap.pay request (the signature is checked before this). */
export function validateWapPay(
  params: Record<string, string>,
  appId: string,
): { ok: true; biz: WapBizContent; returnUrl: string; notifyUrl: string } | { ok: false; code: string; message: string } {
  const bad = (code: string, message: string) => ({ ok: false as const, code, message });
  if (params.app_id !== appId) return bad('isv.invalid-app-id', '应用不存在或 app_id 不正确');
  if (params.method !== 'alipay.trade.wap.pay') return bad('isv.invalid-method', '不存在的方法名');
  if (params.sign_type !== 'RSA2') return bad('isv.invalid-signature-type', 'sign_type 应为 RSA2');
  if ((params.charset ?? '').toLowerCase() !== 'utf-8') return bad('isv.invalid-charset', 'charset 应为 utf-8');
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(params.timestamp ?? '')) return bad('isv.invalid-timestamp', 'timestamp 格式不正确');
  let biz: Partial<WapBizContent>;
  try {
    biz = JSON.parse(params.biz_content ?? '');
  } catch {
    return bad('isv.invalid-parameter', 'biz_content 不是有效的JSON');
  }
  if (typeof biz.out_trade_no !== 'string' || !OUT_TRADE_NO.test(biz.out_trade_no))
    return bad('isv.invalid-parameter', 'out_trade_no 格式不正确');
  if (typeof biz.total_amount !== 'string' || !AMOUNT.test(biz.total_amount))
    return bad('isv.invalid-parameter', 'total_amount 格式不正确');
  const amount = parseYuanToFen(biz.total_amount, { maxFen: 100_000_000_00 });
  if (!amount.ok) return bad('ACQ.TOTAL_FEE_EXCEED', '订单金额超出范围');
  if (typeof biz.subject !== 'string' || !biz.subject || biz.subject.length > 256)
    return bad('isv.invalid-parameter', 'subject 必填且不超过256个字符');
  if (biz.product_code !== 'QUICK_WAP_WAY') return bad('isv.invalid-parameter', 'product_code 应为 QUICK_WAP_WAY');
  if (biz.timeout_express !== undefined && !/^([1-9]\d{0,3}[mhd]|1c)$/.test(biz.timeout_express))
    return bad('isv.invalid-parameter', 'timeout_express 格式不正确');
  const url = (v: string | undefined) => {
    try {
      return /^https?:$/.test(new URL(v ?? '').protocol);
    } catch {
      return false;
    }
  };
  if (!url(params.return_url)) return bad('isv.invalid-parameter', 'return_url 格式不正确');
  if (!url(params.notify_url)) return bad('isv.invalid-parameter', 'notify_url 格式不正确');
  if (biz.quit_url !== undefined && !url(biz.quit_url)) return bad('isv.invalid-parameter', 'quit_url 格式不正确');
  return { ok: true, biz: biz as WapBizContent, returnUrl: params.return_url ?? '', notifyUrl: params.notify_url ?? '' };
}
