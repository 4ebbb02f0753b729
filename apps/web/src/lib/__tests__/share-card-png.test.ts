import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { aigcJson, AIGC_KEYWORD, TC260_NAMESPACE, withAigcLabel, XMP_KEYWORD } from '../share-card/aigc-label';
import { crc32, insertTextChunks, readTextChunks } from '../share-card/png-text';

/** A real 2×1 RGB PNG built from the spec (signature, IHDR, IDAT, IEND), the way a canvas would produce one. */
function tinyPng(): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, 2);
  v.setUint32(4, 1);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Uint8Array.from([0, 255, 0, 0, 0, 128, 0]);
  const parts = [
    Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe('PNG text chunks for share cards', () => {
  it('computes the CRC-32 of the PNG spec (IEND’s well-known AE426082)', () => {
    expect(crc32(new TextEncoder().encode('IEND')).toString(16)).toBe('ae426082');
  });

  it('inserts UTF-8 text after IHDR and reads it back, every CRC checking', () => {
    const png = insertTextChunks(tinyPng(), [{ keyword: 'Comment', text: '灵犀 八字命盘' }]);
    expect(String.fromCharCode(...png.subarray(12, 16))).toBe('IHDR');
    expect(String.fromCharCode(...png.subarray(37, 41))).toBe('iTXt');
    expect(readTextChunks(png)).toEqual({ Comment: '灵犀 八字命盘' });
    expect(png.length).toBe(tinyPng().length + 12 + 'Comment'.length + 5 + new TextEncoder().encode('灵犀 八字命盘').length);
  });

  it('refuses what is not a PNG and a keyword the spec does not allow', () => {
    expect(() => insertTextChunks(new Uint8Array([1, 2, 3]), [])).toThrow('not a PNG');
    expect(() => insertTextChunks(tinyPng(), [{ keyword: '中文', text: 'x' }])).toThrow(/keyword/);
  });

  it('labels AI-generated content as GB 45438-2025 describes: the AIGC JSON and the TC260 XMP', () => {
    const label = { label: '1' as const, producer: '灵犀', contentId: 'reply-42' };
    const png = withAigcLabel(tinyPng(), label);
    const text = readTextChunks(png);
    expect(JSON.parse(text[AIGC_KEYWORD] ?? '')).toEqual({
      Label: '1',
      ContentProducer: '灵犀',
      ProduceID: 'reply-42',
      ReservedCode1: '',
      ContentPropagator: '',
      PropagateID: '',
      ReservedCode2: '',
    });
    expect(text[XMP_KEYWORD]).toContain(`xmlns:TC260="${TC260_NAMESPACE}"`);
    expect(text[XMP_KEYWORD]).toContain(aigcJson(label).replace(/"/g, '&quot;'));
  });
});
