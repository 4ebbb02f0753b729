import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';

/** Thrown when the export would pass its size bound; the partial file is removed. */
export class ExportTooLarge extends Error {}

/**
 * A file the export is written into before it is sent: a page of rows in memory at a time however large the export,
 * a complete file or none (never a truncated download), and its size known up front (Content-Length). Written only
 * by its owner (0600) and removed once sent or abandoned.
 */
export async function openExportFile(dir: string, maxBytes: number) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${randomUUID()}.json`);
  const stream = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  // A disk error (full, removed) fails the next write; it must never surface as an unhandled 'error' event.
  let failure: Error | null = null;
  stream.on('error', (err) => void (failure ??= err));
  await once(stream, 'open');
  let bytes = 0;
  return {
    path: file,
    get bytes() {
      return bytes;
    },
    async write(text: string) {
      if (failure) throw failure;
      bytes += Buffer.byteLength(text);
      if (bytes > maxBytes) throw new ExportTooLarge();
      // Waits for the disk when the stream's buffer is full, so a fast database never piles rows up in memory.
      if (!stream.write(text)) await once(stream, 'drain');
    },
    async finish() {
      stream.end();
      await once(stream, 'close');
    },
    async discard() {
      stream.destroy();
      await rm(file, { force: true });
    },
  };
}
export type ExportFile = Awaited<ReturnType<typeof openExportFile>>;

/** Files an instance left behind when it died mid-export: personal data that must not linger on disk. */
export async function removeStaleExports(dir: string, olderThan: Date): Promise<number> {
  let removed = 0;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtime < olderThan) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
