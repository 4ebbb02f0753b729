import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { loginFailureMessage } from '../login-failure';

const apiError = (status: number, message: string) => new ApiError(`HTTP ${status}: ${message}`, status, { success: false, message });

describe('login failure dialog text (spec §8)', () => {
  it.each([
    [apiError(404, '用户未注册，请先注册'), '用户未注册，请先注册'],
    [new Error('HTTP 400: user not registered'), '用户未注册，请先注册'],
    [apiError(401, '密码错误'), '密码错误，请重试'],
    [apiError(400, '验证码错误，还可尝试4次'), '验证码错误，请重试'],
    [new Error('HTTP 403: 账号已被禁用'), '账号已被禁用'],
    [apiError(429, '登录过于频繁，请稍后再试'), '登录过于频繁，请稍后再试'],
    [new Error(''), '登录失败，请重试'],
    [new Error('HTTP 502: Bad Gateway'), '登录失败，请重试'],
    [null, '登录失败，请重试'],
  ])('maps %o to %s', (error, expected) => {
    expect(loginFailureMessage(error)).toBe(expected);
  });
});
