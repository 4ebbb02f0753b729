import { elementOfChar, WU_XING } from '@lingxi/bazi';

export type WuXing = '木' | '火' | '土' | '金' | '水';

export const WU_XING_ORDER: readonly WuXing[] = WU_XING;

/** The element of one stem or branch character, or null for anything else (the calculator's own table, issue #17). */
export const wuXingOf = (char: string): WuXing | null => elementOfChar(char);

/**
 * The colours almanacs and apps print the elements in: 木 green, 火 red, 土 ochre-brown, 金 amber-gold, 水 blue.
 * Each is dark enough for 4.5:1 contrast as text on white.
 */
export const WU_XING_COLOR: Record<WuXing, string> = {
  木: '#2e7d32',
  火: '#c62828',
  土: '#8d5a2b',
  金: '#a06800',
  水: '#1565c0',
};

/** CSS class suffix per element, used for tag backgrounds. */
export const WU_XING_CLASS: Record<WuXing, string> = { 木: 'wood', 火: 'fire', 土: 'earth', 金: 'metal', 水: 'water' };
