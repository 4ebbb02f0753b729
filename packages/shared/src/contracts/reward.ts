import { z } from 'zod';
import { DEFAULT_TRADE_TYPE, parseYuanToFen } from '../rules/reward-amount';
import { isSafeReturnPath, PAYMENT_MSG, TRADE_TYPES } from '../rules/payment';
import { envelope } from './common';

// The zod-free rules live in rules/ so the web can use them without bundling zod (ADR 008); re-exported unchanged.
export * from '../rules/reward-amount';
export * from '../rules/payment';

export const paymentMethod = z.enum(['wechat', 'alipay'], { error: '请选择支付方式' });
export const paymentStatus = z.enum(['pending', 'paid', 'closed', 'expired']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** The amount field of a payment request: number or numeric text in yuan, validated and turned into integer fen. */
export const rewardAmountFen = z.unknown().transform((v, ctx) => {
  const r = parseYuanToFen(v);
  if (r.ok) return r.fen;
  ctx.addIssue({ code: 'custom', message: r.message });
  return z.NEVER;
});

/** NATIVE (QR) unless the payer's device asks for a phone payment (H5, JSAPI, WAP); case-insensitive. */
export const tradeTypeField = z
  .string({ error: PAYMENT_MSG.tradeType })
  .optional()
  .transform((t) => (t ? t.toUpperCase() : DEFAULT_TRADE_TYPE))
  .pipe(z.enum(TRADE_TYPES, { error: PAYMENT_MSG.tradeType }));

/** Where a phone payment's cashier sends the payer back: a path of this site (the order id is added to it). */
export const returnPathField = z
  .string({ error: PAYMENT_MSG.returnPath })
  .trim()
  .refine(isSafeReturnPath, { error: PAYMENT_MSG.returnPath })
  .optional();

export const createPaymentBody = z.object({
  amount: rewardAmountFen,
  payment_method: paymentMethod,
  trade_type: tradeTypeField,
  return_path: returnPathField,
});
export type CreatePaymentBody = z.input<typeof createPaymentBody>;

/** WeixinJSBridge.invoke('getBrandWCPayRequest', …) parameters, signed by the server (APIv3 RSA). */
export const jsapiPayParams = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type JsapiPayParams = z.infer<typeof jsapiPayParams>;

export const paymentOrder = z.object({
  order_id: z.string(),
  trade_type: z.enum(TRADE_TYPES),
  /** NATIVE: the provider's own code (weixin://… or https://qr.alipay.com/…; in sandbox our local pay page); else the pay URL or prepay id. */
  qr_code: z.string(),
  /** NATIVE: the same code rendered as a PNG data URL, so the browser needs no third-party QR service. */
  qr_image: z.string().nullable(),
  /** H5 and WAP: the provider's cashier on the phone (WeChat h5_url with our redirect_url; Alipay's signed cashier URL). */
  pay_url: z.string().nullable(),
  /** JSAPI: what WeixinJSBridge needs; bridge_url is a page that stands in for the bridge (sandbox only, else null). */
  jsapi: jsapiPayParams.extend({ bridge_url: z.string().nullable() }).nullable(),
  payment_method: paymentMethod,
  amount: z.number(),
  amount_fen: z.number().int(),
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
export const recordTipBody = z.object({
  order_id: z.string({ error: '请提供订单号' }).min(1, { error: '请提供订单号' }).max(64, { error: '订单不存在' }),
});
export const recordTipResponse = envelope(tipRecord);

const page = z.coerce.number({ error: '页码不正确' }).int({ error: '页码不正确' }).min(1, { error: '页码不正确' }).default(1);
const pageSize = (def: number) =>
  z.coerce
    .number({ error: '每页条数不正确' })
    .int({ error: '每页条数不正确' })
    .min(1, { error: '每页条数不正确' })
    .max(100, { error: '每页条数不能超过100' })
    .default(def);
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

export const tipListQuery = z
  .object({
    page,
    page_size: pageSize(10),
    userPhone: z.string().trim().max(11, { error: '手机号最多11位' }).regex(/^\d*$/, { error: '手机号只能包含数字' }).optional(),
    min: amountFilter,
    max: amountFilter,
  })
  .refine((q) => q.min === undefined || q.max === undefined || q.min <= q.max, { error: '最小金额不能大于最大金额', path: ['min'] });
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
