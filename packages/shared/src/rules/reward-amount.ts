import { REWARD_MAX_YUAN } from '../constants';

/** Spec §9: the two methods and their display names (GET /api/reward/payment-methods answers exactly this map). */
export const PAYMENT_METHODS = { wechat: '微信支付', alipay: '支付宝' } as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;

/** The one trade type we run for both providers: a QR code the payer scans (WeChat Native, Alipay precreate). */
export const DEFAULT_TRADE_TYPE = 'NATIVE';

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
