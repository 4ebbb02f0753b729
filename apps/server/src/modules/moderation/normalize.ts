import { Converter } from 'opencc-js/t2cn';

/**
 * Character-level normalisation for matching, the same for the lexicon and for the text checked: full-width forms to
 * ASCII, upper to lower case, traditional to simplified Chinese (OpenCC's tables, one character at a time so every
 * character keeps its position), and everything that is not a letter or a digit dropped (spaces, punctuation, symbols,
 * zero-width characters), so '冰 毒', '冰*毒', '冰\u200b毒' and '氷毒' style tricks meet the same entry.
 */

const CJK_RANGES: [number, number][] = [
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
];

let toSimplified: Map<number, number> | null = null;

/** Built once per process (~30 ms): each CJK character converted alone, through OpenCC's t, tw and hk tables. */
function simplifiedMap(): Map<number, number> {
  if (toSimplified) return toSimplified;
  const map = new Map<number, number>();
  const chars: string[] = [];
  for (const [a, b] of CJK_RANGES) for (let c = a; c <= b; c++) chars.push(String.fromCodePoint(c));
  // One call per table over all characters, one per line: a newline ends any phrase, so each converts on its own.
  const joined = chars.join('\n');
  for (const from of ['t', 'tw', 'hk'] as const) {
    const out = Converter({ from, to: 'cn' })(joined).split('\n');
    for (let i = 0; i < chars.length; i++) {
      const before = chars[i] as string;
      const after = out[i];
      const cp = before.codePointAt(0) as number;
      if (after && after !== before && !map.has(cp) && [...after].length === 1) map.set(cp, after.codePointAt(0) as number);
    }
  }
  toSimplified = map;
  return map;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The code point to match for `cp`, or -1 for a character that matching skips. */
export function normalizeCodePoint(cp: number): number {
  if (cp >= 0xff01 && cp <= 0xff5e) cp -= 0xfee0; // full-width ASCII
  if (cp < 0x80) {
    if (cp >= 0x41 && cp <= 0x5a) return cp + 0x20;
    if ((cp >= 0x61 && cp <= 0x7a) || (cp >= 0x30 && cp <= 0x39)) return cp;
    return -1;
  }
  if (cp >= 0x4e00 && cp <= 0x9fff) return simplifiedMap().get(cp) ?? cp;
  if (cp >= 0x3400 && cp <= 0x4dbf) return simplifiedMap().get(cp) ?? cp;
  if (cp >= 0xf900 && cp <= 0xfaff) return simplifiedMap().get(cp) ?? cp;
  const ch = String.fromCodePoint(cp);
  if (!LETTER_OR_DIGIT.test(ch)) return -1;
  const lower = ch.toLowerCase();
  return lower.length === ch.length ? (lower.codePointAt(0) as number) : cp;
}

/** The whole string normalised (the lexicon's entries; tests). */
export function normalizeText(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = normalizeCodePoint(ch.codePointAt(0) as number);
    if (cp >= 0) out += String.fromCodePoint(cp);
  }
  return out;
}

/** Loads the conversion table now rather than on the first checked character (start-up, not a user's request). */
export const warmNormalizer = () => void simplifiedMap();
