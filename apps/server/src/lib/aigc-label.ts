import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { AigcMetadata } from '@lingxi/shared';

/**
 * Implicit labels of AI-generated content (标识办法, GB 45438-2025): metadata marking a file as containing generated
 * content, naming the service that produced it and giving the content an id. Label "1": AI-generated.
 */
export function aigcMetadata(producer: string, contentId: string = randomUUID()): AigcMetadata {
  return {
    Label: '1',
    ContentProducer: producer,
    ProduceID: contentId,
    ReservedCode1: '',
    ContentPropagator: producer,
    PropagateID: contentId,
    ReservedCode2: '',
  };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The PNG with an iTXt chunk "AIGC" (UTF-8 text: the producer may be Chinese) holding the metadata as JSON, right
 * after IHDR, where readers of text chunks look first. For every image we generate (charts, share cards).
 */
export function withAigcPngChunk(png: Buffer, meta: AigcMetadata): Buffer {
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  const ihdrEnd = 8 + 8 + png.readUInt32BE(8) + 4;
  // keyword \0 compression-flag compression-method language \0 translated-keyword \0 text
  const data = Buffer.concat([Buffer.from('AIGC\0\0\0\0\0', 'latin1'), Buffer.from(JSON.stringify(meta), 'utf8')]);
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk('iTXt', data), png.subarray(ihdrEnd)]);
}

/** The AIGC metadata of a PNG, or null: what a platform reading the implicit label sees. */
export function readAigcPngChunk(png: Buffer): AigcMetadata | null {
  let at = 8;
  while (at + 12 <= png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'iTXt') {
      const data = png.subarray(at + 8, at + 8 + len);
      const prefix = Buffer.from('AIGC\0\0\0\0\0', 'latin1');
      if (data.subarray(0, prefix.length).equals(prefix)) return JSON.parse(data.subarray(prefix.length).toString('utf8')) as AigcMetadata;
    }
    at += 12 + len;
  }
  return null;
}
