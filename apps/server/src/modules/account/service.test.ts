import { mkdtempSync, readdirSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import type { AccountRepository } from './repository';
import type { ExportRepository } from './export-repository';
import { createAccountService } from './service';

const silentLog = { error: () => {}, warn: () => {}, info: () => {} } as never;
const user = (id: string): UserRow => ({
  id,
  phone: null,
  username: '测试',
  name: '测试',
  passwordHash: null,
  referrerPhone: null,
  createdAt: new Date('2026-11-01T00:00:00Z'),
  updatedAt: new Date('2026-11-01T00:00:00Z'),
});

/** An export repository whose reads wait for `gate`, so a test can hold an export mid-build. */
function heldExports(gate: Promise<void>) {
  const leases = new Set<string>();
  const repo = {
    list: [],
    owner: async (u: { id: string; phone: string | null }) => {
      await gate;
      return { id: u.id, phone: u.phone, openids: [], unionids: [] };
    },
    referrals: async function* () {},
    rowsOf: async function* () {},
    takeLease: async (userId: string) => !leases.has(userId) && !!leases.add(userId),
    releaseLease: async (userId: string) => void leases.delete(userId),
  };
  return { repo: repo as unknown as ExportRepository, leases };
}

describe('personal-data export service', () => {
  it('builds at most ACCOUNT_EXPORTS_AT_ONCE exports in one process: the next gets 429 当前导出请求较多', async () => {
    let open = () => {};
    const gate = new Promise<void>((r) => (open = r));
    const { repo, leases } = heldExports(gate);
    const dir = mkdtempSync(path.join(tmpdir(), 'lx-export-unit-'));
    const service = createAccountService({
      repo: {} as AccountRepository,
      exports: repo,
      sms: {} as never,
      config: { exportMaxBytes: 1024 * 1024, exportsAtOnce: 2, exportDir: dir, exportLeaseMs: 60_000 },
      aigcProducer: '灵犀',
      now: () => new Date('2026-11-24T08:00:00Z'),
      log: silentLog,
    });
    const first = service.export(user('a'));
    // The same person again is refused by their lease (another instance would be too).
    await expect(service.export(user('a'))).rejects.toMatchObject({
      statusCode: 429,
      message: '您已有一个数据导出正在进行，请等它完成后再试',
    });
    const second = service.export(user('b'));
    // Two builds are running: a third person waits for a free slot.
    await expect(service.export(user('c'))).rejects.toMatchObject({ statusCode: 429, message: '当前导出请求较多，请稍后再试' });

    open();
    const done = await Promise.all([first, second]);
    const doc = JSON.parse(await text(done[0].stream));
    expect(doc).toMatchObject({ success: true, data: { format_version: 2, account: { id: 'a', has_password: false } } });
    await text(done[1].stream);
    // Both slots are free again, nothing is left on disk, and no lease is held.
    expect(leases.size).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
    const third = await service.export(user('c'));
    await text(third.stream);
  });
});
