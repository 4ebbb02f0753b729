import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moderationEvents } from '../src/db/schema';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { FakeBrowser, confirmOnPhone, useListening } from './support/wechat-browser';

// The operator's own word list blocks the nickname of the sandbox person 小雨; 小林 passes.
const extraFile = path.join(mkdtempSync(path.join(tmpdir(), 'lx-nick-')), 'words.txt');
writeFileSync(extraFile, '小雨\n');

describe.each(dbTargets)('a WeChat nickname is checked like a username on %s', (target) => {
  const ctx = useTestApp(target, { env: { MODERATION_EXTRA_WORDS_FILE: extraFile } });
  const where = useListening(ctx);

  async function signInAs(persona: string) {
    const b = new FakeBrowser(() => where.base);
    const qr = await b.createQr();
    const page = await new FakeBrowser(() => where.base).open(await confirmOnPhone(qr.data.qr_code_url, persona));
    expect(page.status, page.html).toBe(200);
    const ticket = (await b.status(qr.qr_code_id)).body.code;
    const res = await b.fetch('/api/auth/unified-login', {
      method: 'POST',
      json: { login_type: 'wechat', code: ticket, wechat_type: 'mp' },
    });
    return (await res.json()) as { success: boolean; user_info: Record<string, unknown> };
  }

  it('names a new account 微信用户 and shows no nickname when WeChat gives one that fails moderation, and records the refusal', async () => {
    const login = await signInAs('xiaoyu');
    expect(login).toMatchObject({
      success: true,
      user_info: {
        username: '微信用户',
        wechat_nickname: null,
        binding_status: { has_wechat: true, wechat_accounts: [{ wechat_type: 'web', wechat_nickname: null }] },
      },
    });
    expect(JSON.stringify(login)).not.toContain('小雨');
    const events = await ctx.database.db.select().from(moderationEvents);
    expect(events).toEqual(expect.arrayContaining([expect.objectContaining({ scene: 'username' })]));
  });

  it('keeps a clean nickname as it is', async () => {
    const login = await signInAs('xiaolin');
    expect(login.user_info).toMatchObject({ username: '微信用户·小林', wechat_nickname: '微信用户·小林' });
  });
});
