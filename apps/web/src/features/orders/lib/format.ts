import { ORDER_STATUS_TEXT } from '@lingxi/shared/rules';

/** Fen to '¥9.90' (spec §9 amounts shown: ¥ and two decimals, by integer arithmetic). */
export function fenText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.round(fen));
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Local zh-CN date and time, e.g. 2026/11/22 10:15:00. */
export const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '-');

export const statusText = (s: keyof typeof ORDER_STATUS_TEXT) => ORDER_STATUS_TEXT[s] ?? s;

/** Yuan text typed by an operator ('9.9') to fen (990); null when it is not a price. */
export function yuanToFen(text: string): number | null {
  const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
