import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'lx-config-'));

describe('config', () => {
  it('starts with no variables at all: port 8000, PGlite in DATA_DIR, sandbox SMS', () => {
    const c = parseConfig({ DATA_DIR: tmp() });
    expect(c.port).toBe(8000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.sms.provider).toBe('sandbox');
  });

  it('generates a development JWT secret once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const a = parseConfig({ DATA_DIR: dir });
    const b = parseConfig({ DATA_DIR: dir });
    expect(a.auth.jwtSecret).toHaveLength(64);
    expect(b.auth.jwtSecret).toBe(a.auth.jwtSecret);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(a.auth.jwtSecret);
  });

  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(/JWT_SECRET/);
  });

  describe('in production', () => {
    const base = { NODE_ENV: 'production', DATA_DIR: tmp(), JWT_SECRET: 'x'.repeat(32), PUBLIC_BASE_URL: 'https://lingxi.example.com' };
    const real = {
      ...base,
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: 'sign',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      LLM_API_KEY: 'sk',
      WECHAT_PROVIDER: 'wechat',
      WECHAT_APPID: 'wx1',
      WECHAT_SECRET: 's',
      ALIYUN_SMS_EMERGENCY_TEMPLATE_CODE: 'SMS_2',
      MODERATION_PROVIDER: 'aliyun',
      ALIYUN_GREEN_ACCESS_KEY_ID: 'gid',
      ALIYUN_GREEN_ACCESS_KEY_SECRET: 'gsecret',
    };

    it('names only what is still missing: a half-configured gateway lists the rest of its variables', () => {
      const err = () => parseConfig({ ...real, WECHATPAY_MCHID: '1900000001', ALIPAY_APP_ID: '2021' });
      expect(err).toThrow(/PAY_MODE=live/);
      expect(err).toThrow(/WECHATPAY_APPID/);
      expect(err).toThrow(/ALIPAY_SELLER_ID/);
      expect(err).not.toThrow(/WECHATPAY_MCHID|ALIPAY_APP_ID,|SMS_PROVIDER|WECHAT_SECRET|LLM_API_KEY|PUBLIC_BASE_URL/);
    });

    it('ALLOW_SANDBOX=true admits the sandbox but never a missing JWT_SECRET or PUBLIC_BASE_URL', () => {
      const c = parseConfig({ ...base, ALLOW_SANDBOX: 'true' });
      expect(c.sandboxRoutes).toBe(true);
      expect(c.sandboxed).toEqual(['短信', '紧急联系人短信', 'AI 对话模型', '支付（微信支付/支付宝）', '微信扫码登录', '内容审核']);
      const { PUBLIC_BASE_URL: _, ...withoutBaseUrl } = base;
      expect(() => parseConfig({ ...withoutBaseUrl, ALLOW_SANDBOX: 'true' })).toThrow(/必须设置: PUBLIC_BASE_URL/);
    });

    it('closes /api/sandbox unless ALLOW_SANDBOX=true, even with a sandbox-free configuration', () => {
      expect(() => parseConfig({ ...real })).toThrow(/PAY_MODE=live/);
      expect(parseConfig({ ...real, ALLOW_SANDBOX: 'true' }).sandboxed).toEqual(['支付（微信支付/支付宝）']);
      expect(parseConfig({ DATA_DIR: tmp() }).sandboxRoutes).toBe(true);
    });
  });

  it('content moderation: the lexicon alone passes the production check only with MODERATION_LOCAL_IN_PRODUCTION=true', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: tmp(),
      JWT_SECRET: 'x'.repeat(32),
      PUBLIC_BASE_URL: 'https://a.example',
      ALLOW_SANDBOX: 'true',
    };
    expect(parseConfig(production).sandboxed).toContain('内容审核');
    expect(parseConfig({ ...production, MODERATION_LOCAL_IN_PRODUCTION: 'true' }).sandboxed).not.toContain('内容审核');
    expect(() => parseConfig({ DATA_DIR: tmp(), MODERATION_PROVIDER: 'aliyun' })).toThrow(/ALIYUN_GREEN_ACCESS_KEY_ID/);
  });

  it('metrics: open in development, token-only with METRICS_TOKEN, not mounted in production without one', () => {
    expect(parseConfig({ DATA_DIR: tmp() }).metrics).toEqual({ token: undefined, mounted: true });
    const token = 'm'.repeat(16);
    expect(parseConfig({ DATA_DIR: tmp(), METRICS_TOKEN: token }).metrics).toEqual({ token, mounted: true });
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: tmp(),
      JWT_SECRET: 'x'.repeat(32),
      PUBLIC_BASE_URL: 'https://a.example',
      ALLOW_SANDBOX: 'true',
    };
    expect(parseConfig(production).metrics.mounted).toBe(false);
    expect(parseConfig({ ...production, METRICS_TOKEN: token }).metrics).toEqual({ token, mounted: true });
  });

  it('API docs: on by default except in production, API_DOCS decides either way', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: tmp(),
      JWT_SECRET: 'x'.repeat(32),
      PUBLIC_BASE_URL: 'https://a.example',
      ALLOW_SANDBOX: 'true',
    };
    expect(parseConfig({ DATA_DIR: tmp() }).apiDocs).toBe(true);
    expect(parseConfig({ DATA_DIR: tmp(), API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(parseConfig(production).apiDocs).toBe(false);
    expect(parseConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('names the variable that is wrong', () => {
    expect(() => parseConfig({ PORT: 'eighty', DATA_DIR: tmp() })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'not a url', DATA_DIR: tmp() })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ SMS_PROVIDER: 'aliyun', DATA_DIR: tmp() })).toThrow(/ALIYUN_SMS_ACCESS_KEY_ID/);
  });

  it('reads ADMIN_PHONES as a trimmed list', () => {
    expect(parseConfig({ ADMIN_PHONES: ' 13900000000, 13900000001 ,', DATA_DIR: tmp() }).auth.adminPhones).toEqual([
      '13900000000',
      '13900000001',
    ]);
  });

  it("keeps the spec's 60 s SMS resend window unless told otherwise, and refuses a window under 1 s", () => {
    expect(parseConfig({ DATA_DIR: tmp() }).sms.resendSeconds).toBe(60);
    expect(parseConfig({ DATA_DIR: tmp(), SMS_RESEND_SECONDS: '5' }).sms.resendSeconds).toBe(5);
    expect(() => parseConfig({ DATA_DIR: tmp(), SMS_RESEND_SECONDS: '0' })).toThrow(/SMS_RESEND_SECONDS/);
  });
});
