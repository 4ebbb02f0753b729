import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../config';
import { officialAccountPayer } from './payer';
import { SANDBOX_IDS } from './sandbox';

const log = () => ({ warn: vi.fn() }) as unknown as Parameters<typeof officialAccountPayer>[2] & { warn: ReturnType<typeof vi.fn> };
const openid = async () => 'oPayer';
const cfg = (o: { mode: 'sandbox' | 'live'; payAppid?: string; oaAppid?: string | null }) =>
  ({
    payment: { mode: o.mode, wechat: o.payAppid ? { appid: o.payAppid } : null },
    wechat: { officialAccount: o.oaAppid ? { appid: o.oaAppid } : null },
  }) as unknown as Parameters<typeof officialAccountPayer>[0];

describe('the JSAPI payer from the official account', () => {
  it('pays as the official account’s openid when it is the merchant’s appid (the sandbox merchant is the sandbox official account)', async () => {
    const defaults = parseConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lx-payer-')), JWT_SECRET: 'x'.repeat(40) });
    expect(defaults.wechat.officialAccount?.appid).toBe(SANDBOX_IDS.appid);
    const sandbox = officialAccountPayer(defaults, openid, log());
    expect(sandbox.authorization).toBe(true);
    expect(await sandbox.openid('u1')).toBe('oPayer');
    const live = officialAccountPayer(cfg({ mode: 'live', payAppid: 'wxMP', oaAppid: 'wxMP' }), openid, log());
    expect(live.authorization).toBe(true);
  });

  it('turns JSAPI off (QR inside WeChat) and says why when WECHATPAY_APPID is another app, or there is no official account', async () => {
    const l = log();
    const other = officialAccountPayer(cfg({ mode: 'live', payAppid: 'wxWeb', oaAppid: 'wxMP' }), openid, l);
    expect(other.authorization).toBe(false);
    expect(await other.openid('u1')).toBeNull();
    expect(l.warn).toHaveBeenCalledTimes(1);
    expect(officialAccountPayer(cfg({ mode: 'live', payAppid: 'wxMP', oaAppid: null }), openid, log()).authorization).toBe(false);
  });
});
