import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountExportLeases, chatMessages, chatSessions } from '../src/db/schema';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, registerUser } from './support/users';

/** A chat of `count` messages of `chars` characters each, written directly (the chat's own bounds are tested elsewhere). */
async function bigChat(ctx: ReturnType<typeof useTestApp>, userId: string, count: number, chars: number) {
  const sessionId = `big-${userId.slice(0, 8)}`;
  await ctx.database.db.insert(chatSessions).values({ id: sessionId, userId, serviceType: 'general', sessionName: '很长的对话' });
  const content = '命'.repeat(chars);
  await ctx.database.db
    .insert(chatMessages)
    .values(Array.from({ length: count }, (_, i) => ({ sessionId, userId, role: i % 2 ? 'assistant' : 'user', content, orderNum: i + 1 })));
}

describe.each(dbTargets)('personal-data export bounds on %s', (target) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lx-export-'));
  // 64 KB: small enough for a test to pass it, large enough for an ordinary account.
  const ctx = useTestApp(target, { env: { ACCOUNT_EXPORT_MAX_MB: '0.0625', DATA_DIR: dataDir } });
  const exportOf = (token: string) => ctx.inject({ method: 'GET', url: '/api/account/export', headers: bearer(token) });
  const leases = () => ctx.database.db.select().from(accountExportLeases);
  /** Export files exist only while one is built and sent. */
  const filesLeft = () => readdirSync(path.join(dataDir, 'exports'));

  it('refuses an export over ACCOUNT_EXPORT_MAX_MB with 413 and a Chinese message, keeping no file and no lease', async () => {
    const u = await registerUser(ctx);
    // 40 messages of 1,000 three-byte characters: about 120 KB of text, over the 64 KB bound.
    await bigChat(ctx, u.user.id, 40, 1000);
    const res = await exportOf(u.token);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      message: '您的数据超过单次导出上限（64 KB），请删除部分不需要的聊天记录后重试，或通过“联系我们”申请人工导出',
    });
    expect(await leases()).toEqual([]);
    expect(filesLeft()).toEqual([]);

    // Under the bound the same account exports again at once (the refusal held nothing).
    const small = await registerUser(ctx);
    await bigChat(ctx, small.user.id, 10, 1000);
    const ok = await exportOf(small.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.chats[0].messages).toHaveLength(10);
    expect(await leases()).toEqual([]);
    expect(filesLeft()).toEqual([]);
  });

  it('runs one export per person at a time: 429 while another is in progress anywhere, until it ends or its lease lapses', async () => {
    const u = await registerUser(ctx);
    const other = await registerUser(ctx);
    // An export of this person in progress (on this or another instance) holds the lease.
    // The app's clock runs ahead of the wall clock here (registration advances it), so the lease is generous.
    const now = Date.now();
    await ctx.database.db
      .insert(accountExportLeases)
      .values({ userId: u.user.id, startedAt: new Date(now), expiresAt: new Date(now + 3600_000) });
    const refused = await exportOf(u.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('您已有一个数据导出正在进行，请等它完成后再试');
    // Someone else is not held up by it.
    expect((await exportOf(other.token)).statusCode).toBe(200);
    // An instance that died mid-export does not block the person for ever: the lease lapses.
    ctx.advance(2 * 3600_000);
    expect((await exportOf(u.token)).statusCode).toBe(200);
    expect(await leases()).toEqual([]);
  });

  it('answers three exports of one person sent at once with one file and 429 for the others', async () => {
    const u = await registerUser(ctx);
    await bigChat(ctx, u.user.id, 10, 1000);
    const answers = await Promise.all([exportOf(u.token), exportOf(u.token), exportOf(u.token)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(200);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(429);
      // Refused by the person's lease, or by the process's limit on builds at once when they arrive together.
      expect(['您已有一个数据导出正在进行，请等它完成后再试', '当前导出请求较多，请稍后再试']).toContain(a.json().message);
    }
    expect(await leases()).toEqual([]);
    expect(filesLeft()).toEqual([]);
  });
});
