import { parseYuanToFen, REWARD_MAX_YUAN, REWARD_MSG } from '@lingxi/shared/rules';
import { ApiError } from '@/lib/api-client';

/** ¥ and two decimals (spec §9 'Amounts shown'). */
export const formatYuan = (n: number) => `¥${n.toFixed(2)}`;

/**
 * The average of `count` tips totalling `totalYuan`, to the fen, rounded half up — never cut: 497.67 / 23 = 21.6378…
 * is ¥21.64, not ¥21.63. Worked in integer fen so no float rounding gets in the way.
 */
export function averageYuan(totalYuan: number, count: number): number {
  if (count <= 0) return 0;
  const totalFen = Math.round(totalYuan * 100);
  return Math.floor((totalFen * 2 + count) / (2 * count)) / 100;
}

/** Spec §2 My tips: the first 8 characters of the order number and an ellipsis. */
export const shortOrderId = (id: string) => `${id.slice(0, 8)}…`;

/** Local zh-CN date and time, e.g. 2026/11/22 10:15:00. */
export const formatTime = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/** What the amount field holds after a keystroke: above 100 it becomes 100 and the caller warns. */
export function clampAmount(value: number | null): { value: number | null; clamped: boolean } {
  if (value !== null && value > REWARD_MAX_YUAN) return { value: REWARD_MAX_YUAN, clamped: true };
  return { value, clamped: false };
}

/** The spec's message for an amount that cannot be paid, or null when it can (same rules as the server). */
export function amountError(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return REWARD_MSG.invalid;
  const r = parseYuanToFen(value);
  return r.ok ? null : r.message;
}

/** Spec §8 Payment: the server's own refusal when it gave one, else '创建支付订单失败'; no answer at all is a request failure. */
export function paymentErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.kind === 'http' || error.kind === 'refused')) {
    const message = (error.body as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message ? message : '创建支付订单失败';
  }
  if (error instanceof ApiError && error.kind === 'contract') return '创建支付订单失败';
  return '支付请求失败，请稍后重试';
}
