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
