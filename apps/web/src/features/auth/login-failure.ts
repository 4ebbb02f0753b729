import { ApiError } from '@/lib/api-client';

export const LOGIN_FAILED_DEFAULT = '登录失败，请重试';
const HAS_CHINESE = /[\u4e00-\u9fff]/;

function rawText(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown } | null;
    if (body && typeof body.message === 'string' && body.message) return body.message;
  }
  return error instanceof Error ? error.message : typeof error === 'string' ? error : '';
}

/** Spec §8 login failure: the dialog text for any failed login attempt. */
export function loginFailureMessage(error: unknown): string {
  const text = rawText(error)
    .replace(/^HTTP \d+:\s*/, '')
    .trim();
  if (/用户未注册|not registered/i.test(text)) return '用户未注册，请先注册';
  if (/密码错误|wrong password|incorrect password/i.test(text)) return '密码错误，请重试';
  if (/验证码错误/.test(text)) return '验证码错误，请重试';
  // An English status text ('Bad Gateway') would be the only non-Chinese text on the page; say it plainly instead.
  return text && HAS_CHINESE.test(text) ? text : LOGIN_FAILED_DEFAULT;
}
