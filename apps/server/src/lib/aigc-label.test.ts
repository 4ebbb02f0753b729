import { crc32 } from 'node:zlib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { aigcMetadata, readAigcPngChunk, withAigcPngChunk } from './aigc-label';

describe('AIGC implicit label in a PNG (GB 45438-2025)', () => {
  it('adds an AIGC text chunk with a valid CRC that a reader finds, leaving the image data intact', async () => {
    const png = await QRCode.toBuffer('hello', { width: 64 });
    const meta = aigcMetadata('灵犀', 'content-1');
    const labelled = withAigcPngChunk(png, meta);
    expect(readAigcPngChunk(labelled)).toEqual(meta);
    expect(readAigcPngChunk(png)).toBeNull();
    // Every chunk's CRC is right, so strict decoders accept the file.
    let at = 8;
    while (at < labelled.length) {
      const len = labelled.readUInt32BE(at);
      const crc = labelled.readUInt32BE(at + 8 + len);
      expect(crc32(labelled.subarray(at + 4, at + 8 + len)) >>> 0).toBe(crc);
      at += 12 + len;
    }
    expect(labelled.length).toBeGreaterThan(png.length);
    expect(labelled.subarray(labelled.length - 12).toString('latin1', 4, 8)).toBe('IEND');
  });

  it('marks the content as AI-generated and names its producer', () => {
    expect(aigcMetadata('灵犀', 'x')).toMatchObject({ Label: '1', ContentProducer: '灵犀', ProduceID: 'x' });
  });

  it('refuses what is not a PNG', () => {
    expect(() => withAigcPngChunk(Buffer.from('not a png at all, definitely not one'), aigcMetadata('灵犀'))).toThrow();
  });
});
