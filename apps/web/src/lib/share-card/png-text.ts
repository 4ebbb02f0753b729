/**
 * PNG text chunks (PNG 1.2 §11.3.4): iTXt with UTF-8 text, inserted right after IHDR so a reader finds it before the
 * image data. Used for the implicit AI-generated-content label (aigc-label.ts). Written here rather than taken from a
 * library: it is forty lines of the PNG spec, and the chunk libraries on npm have been unmaintained for years.
 */
const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const encoder = new TextEncoder();
const latin1 = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0) & 0xff);

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(latin1(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An iTXt chunk: keyword (Latin-1, 1-79 bytes), uncompressed, no language tag, UTF-8 text. */
export function iTXtChunk(keyword: string, text: string): Uint8Array {
  if (!/^[\x20-\x7e]{1,79}$/.test(keyword)) throw new RangeError(`PNG keyword must be 1-79 printable Latin-1 characters: ${keyword}`);
  const key = latin1(keyword);
  const body = encoder.encode(text);
  // keyword \0, compression flag 0, method 0, language tag "" \0, translated keyword "" \0, text
  const data = new Uint8Array(key.length + 5 + body.length);
  data.set(key, 0);
  data.set(body, key.length + 5);
  return chunk('iTXt', data);
}

export function isPng(bytes: Uint8Array): boolean {
  return SIGNATURE.every((b, i) => bytes[i] === b);
}

/** The PNG with the given text chunks inserted after IHDR (the first chunk). */
export function insertTextChunks(png: Uint8Array, entries: readonly { keyword: string; text: string }[]): Uint8Array {
  if (!isPng(png)) throw new Error('not a PNG');
  const ihdrLength = new DataView(png.buffer, png.byteOffset, png.byteLength).getUint32(8);
  const afterIhdr = 8 + 12 + ihdrLength;
  const chunks = entries.map((e) => iTXtChunk(e.keyword, e.text));
  const extra = chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(png.length + extra);
  out.set(png.subarray(0, afterIhdr), 0);
  let at = afterIhdr;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  out.set(png.subarray(afterIhdr), at);
  return out;
}

/** Every tEXt and iTXt chunk of a PNG as keyword → text, checking each chunk's CRC. */
export function readTextChunks(png: Uint8Array): Record<string, string> {
  if (!isPng(png)) throw new Error('not a PNG');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const decoder = new TextDecoder();
  const out: Record<string, string> = {};
  for (let at = 8; at + 12 <= png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    if (crc32(png.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) throw new Error(`bad CRC in ${type}`);
    const nul = data.indexOf(0);
    if (type === 'tEXt' && nul > 0) out[String.fromCharCode(...data.subarray(0, nul))] = String.fromCharCode(...data.subarray(nul + 1));
    if (type === 'iTXt' && nul > 0) {
      // keyword \0 flag method language \0 translated \0 text
      const lang = data.indexOf(0, nul + 3);
      const translated = data.indexOf(0, lang + 1);
      out[String.fromCharCode(...data.subarray(0, nul))] = decoder.decode(data.subarray(translated + 1));
    }
    at += 12 + length;
    if (type === 'IEND') break;
  }
  return out;
}
