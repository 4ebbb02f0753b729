import { inject } from 'vitest';

/**
 * The server this file's worker talks to. Files run side by side (the tier is mostly waiting on the browser), each
 * worker against its own server and data, so one spec never sees another's admin, prices or limits.
 */
export function e2eServer(): string {
  const urls = inject('baseUrls');
  const pool = Number(process.env.VITEST_POOL_ID ?? '1');
  return urls[(pool - 1) % urls.length] ?? '';
}
