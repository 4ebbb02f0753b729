import { ApiError } from '@/lib/api-client';

export type ListError = { text: string; forbidden: boolean };

/** The server's message or '获取失败'; no answer at all is '请求失败' (as on the tip list). */
export function listError(error: unknown): ListError {
  if (error instanceof ApiError && (error.kind === 'http' || error.kind === 'refused')) {
    const message = (error.body as { message?: unknown } | null)?.message;
    return { text: typeof message === 'string' && message ? message : '获取失败', forbidden: error.status === 403 };
  }
  return { text: '请求失败', forbidden: false };
}
