export type WuXing = '木' | '火' | '土' | '金' | '水';

const STEM: Record<string, WuXing> = { 甲: '木', 乙: '木', 丙: '火', 丁: '火', 戊: '土', 己: '土', 庚: '金', 辛: '金', 壬: '水', 癸: '水' };
const BRANCH: Record<string, WuXing> = {
  寅: '木',
  卯: '木',
  巳: '火',
  午: '火',
  辰: '土',
  戌: '土',
  丑: '土',
  未: '土',
  申: '金',
  酉: '金',
  亥: '水',
  子: '水',
};

export const WU_XING_ORDER: WuXing[] = ['木', '火', '土', '金', '水'];

/** The element of one stem or branch character, or null for anything else. */
export const wuXingOf = (char: string): WuXing | null => STEM[char] ?? BRANCH[char] ?? null;

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
