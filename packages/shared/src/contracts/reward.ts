import { z } from 'zod';
import { REWARD_MAX_YUAN } from '../constants';
import { envelope } from './common';

/** Spec §9: the two methods and their display names (GET /api/reward/payment-methods answers exactly this map). */
export const PAYMENT_METHODS = { wechat: '微信支付', alipay: '支付宝' } as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
export const paymentMethod = z.enum(['wechat', 'alipay'], { error: '请选择支付方式' });

/** The one trade type we run for both providers: a QR code the payer scans (WeChat Native, Alipay precreate). */
export const DEFAULT_TRADE_TYPE = 'NATIVE';
export const paymentStatus = z.enum(['pending', 'paid', 'closed', 'expired']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const REWARD_MSG = {
  invalid: '请输入有效的打赏金额',
  max: '单笔打赏金额上限为100元',
  decimals: '金额最多保留两位小数',
} as const;

export const REWARD_MAX_FEN = REWARD_MAX_YUAN * 100;
const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

export type FenParse = { ok: true; fen: number } | { ok: false; message: string };

/**
 * Reads a yuan amount into integer fen from its decimal text, never by float multiplication (0.07 * 100 is
 * 7.000000000000001, 19.99 * 100 is 1998.9999999999998). A JSON number is read through String(n), which for every
 * value with at most two decimals is its shortest round-trip form ('0.07', '19.99').
 * The checks run in the order of the spec's messages: not a positive number, above the cap, more than two decimals.
 */
export function parseYuanToFen(input: unknown, o: { maxFen?: number; allowZero?: boolean } = {}): FenParse {
  const maxFen = o.maxFen ?? REWARD_MAX_FEN;
  const fail = (message: string): FenParse => ({ ok: false, message });
  if (typeof input === 'number' && Number.isFinite(input) && /e/i.test(String(input))) {
    // Only magnitudes below 1e-6 or from 1e21 print with an exponent: far too small (or zero-ish) or far too large.
    if (input < 0 || (input === 0 && !o.allowZero)) return fail(REWARD_MSG.invalid);
    return fail(input * 100 > maxFen ? REWARD_MSG.max : REWARD_MSG.decimals);
  }
  const text = typeof input === 'number' && Number.isFinite(input) ? String(input) : typeof input === 'string' ? input.trim() : '';
  const m = DECIMAL.exec(text);
  if (!m) return fail(REWARD_MSG.invalid);
  const whole = m[1]!.replace(/^0+/, '');
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (whole.length > 13) return fail(REWARD_MSG.max);
  const fen = Number(whole || '0') * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
  if (fen === 0 && frac === '' && !o.allowZero) return fail(REWARD_MSG.invalid);
  if (fen > maxFen || (fen === maxFen && frac.length > 2)) return fail(REWARD_MSG.max);
  if (frac.length > 2) return fail(REWARD_MSG.decimals);
  return { ok: true, fen };
}

/** Integer fen to a yuan number with two decimals (for JSON answers): 1999 → 19.99. */
export const fenToYuan = (fen: number): number => Number(fenToYuanText(fen));

/** Integer fen to the provider's yuan text, by integer arithmetic: 7 → '0.07', 10000 → '100.00'. */
export function fenToYuanText(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`fen must be an integer, got ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The amount field of a payment request: number or numeric text in yuan, validated and turned into integer fen. */
export const rewardAmountFen = z.unknown().transform((v, ctx) => {
  const r = parseYuanToFen(v);
  if (r.ok) return r.fen;
  ctx.addIssue({ code: 'custom', message: r.message });
  return z.NEVER;
});

export const createPaymentBody = z.object({
  amount: rewardAmountFen,
  payment_method: paymentMethod,
  trade_type: z
    .string({ error: '暂不支持该支付方式' })
    .optional()
    .transform((t) => (t ? t.toUpperCase() : DEFAULT_TRADE_TYPE))
    .pipe(z.literal(DEFAULT_TRADE_TYPE, { error: '暂不支持该交易类型，请使用扫码支付' })),
});
export type CreatePaymentBody = z.input<typeof createPaymentBody>;

export const paymentOrder = z.object({
  order_id: z.string(),
  trade_type: z.string(),
  /** The provider's own code (weixin://… or https://qr.alipay.com/…; in sandbox a link to our local pay page). */
  qr_code: z.string(),
  /** The same code rendered as a PNG data URL, so the browser needs no third-party QR service. */
  qr_image: z.string(),
  payment_method: paymentMethod,
  amount: z.number(),
  status: paymentStatus,
  expires_at: z.string(),
});
export type PaymentOrder = z.infer<typeof paymentOrder>;
export const createPaymentResponse = envelope(paymentOrder);

export const orderIdParams = z.object({ order_id: z.string().min(1).max(64, { error: '订单不存在' }) });
export const paymentStatusData = z.object({
  order_id: z.string(),
  status: paymentStatus,
  payment_method: paymentMethod,
  amount: z.number(),
  paid_at: z.string().nullable(),
  expires_at: z.string(),
});
export type PaymentStatusData = z.infer<typeof paymentStatusData>;
export const paymentStatusResponse = envelope(paymentStatusData);

export const paymentMethodsResponse = envelope(z.record(z.string(), z.string()));

/** Spec §3 Tip record, plus the order it was paid by. amount is yuan with two decimals. */
export const tipRecord = z.object({
  id: z.string(),
  order_id: z.string(),
  user_phone: z.string().nullable(),
  amount: z.number(),
  payment_method: paymentMethod,
  created_at: z.string(),
});
export type TipRecord = z.infer<typeof tipRecord>;

/** POST /api/reward/reward: the tip of a paid order of the caller (idempotent; 409 while unpaid). */
export const recordTipBody = z.object({ order_id: z.string({ error: '请提供订单号' }).min(1, { error: '请提供订单号' }).max(64, { error: '订单不存在' }) });
export const recordTipResponse = envelope(tipRecord);

const page = z.coerce.number({ error: '页码不正确' }).int({ error: '页码不正确' }).min(1, { error: '页码不正确' }).default(1);
const pageSize = (def: number) =>
  z.coerce.number({ error: '每页条数不正确' }).int({ error: '每页条数不正确' }).min(1, { error: '每页条数不正确' }).max(100, { error: '每页条数不能超过100' }).default(def);
/** An amount filter in yuan: empty means none; otherwise a number ≥ 0 with at most two decimals, read into fen. */
const amountFilter = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return undefined;
    const r = parseYuanToFen(v, { maxFen: 1e12, allowZero: true });
    if (r.ok) return r.fen;
    ctx.addIssue({ code: 'custom', message: '金额筛选条件不正确' });
    return z.NEVER;
  });

export const tipListQuery = z.object({
  page,
  page_size: pageSize(10),
  userPhone: z.string().trim().max(11, { error: '手机号最多11位' }).regex(/^\d*$/, { error: '手机号只能包含数字' }).optional(),
  min: amountFilter,
  max: amountFilter,
});
export type TipListQuery = z.input<typeof tipListQuery>;
export const tipListResponse = envelope(z.object({ records: z.array(tipRecord), total: z.number().int() }));

export const myTipsQuery = z.object({ page, page_size: pageSize(10) });
export const myTipsData = z.object({
  records: z.array(tipRecord),
  total: z.number().int(),
  count: z.number().int(),
  total_amount: z.number(),
});
export type MyTipsData = z.infer<typeof myTipsData>;
export const myTipsResponse = envelope(myTipsData);
