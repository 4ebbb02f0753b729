import { describe, expect, it } from 'vitest';
import { matches, minLength, phone, phoneChecks, required, sameAs, smsCodeChecks } from '../validators';

const run = (checks: ((v: string, all: Record<string, string>) => string | undefined)[], value: string, all = {}) =>
  checks.map((check) => check(value, all)).find(Boolean);

describe('field checks', () => {
  it('treats blanks as empty unless told to keep them', () => {
    expect(required('请输入用户名')('  ', {})).toBe('请输入用户名');
    expect(required('请输入密码', { trim: false })('  ', {})).toBeUndefined();
    expect(required('请输入密码', { trim: false })('', {})).toBe('请输入密码');
  });

  it('leaves an empty value to required, so only one message shows', () => {
    expect(minLength(2, '用户名至少2位')('', {})).toBeUndefined();
    expect(matches(/^\d{6}$/, '验证码为6位数字')('', {})).toBeUndefined();
    expect(phone()('', {})).toBeUndefined();
    expect(run(phoneChecks, '')).toBe('请输入手机号');
    expect(run(smsCodeChecks('验证码格式不正确'), '')).toBe('请输入验证码');
  });

  it('counts a name without its surrounding spaces and a password with them', () => {
    expect(minLength(2, '用户名至少2位')(' a ', {})).toBe('用户名至少2位');
    expect(minLength(6, '密码至少6位', { trim: false })('ab    ', {})).toBeUndefined();
  });

  it('accepts a phone the way the server does', () => {
    expect(run(phoneChecks, '+86 138-0013-8000')).toBeUndefined();
    expect(run(phoneChecks, '12345')).toBe('请输入正确的手机号');
    expect(phone('推荐人手机号格式不正确')('999', {})).toBe('推荐人手机号格式不正确');
  });

  it('checks a six-digit code', () => {
    expect(run(smsCodeChecks('验证码格式不正确'), '12a')).toBe('验证码格式不正确');
    expect(run(smsCodeChecks('验证码格式不正确'), '123456')).toBeUndefined();
  });

  it('compares with another field', () => {
    const confirm = sameAs<{ password: string; confirm: string }>('password', '两次密码不一致');
    expect(confirm('abc123', { password: 'abc123', confirm: 'abc123' })).toBeUndefined();
    expect(confirm('abc124', { password: 'abc123', confirm: 'abc124' })).toBe('两次密码不一致');
  });
});
