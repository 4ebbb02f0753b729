import { tooMany } from '../../lib/errors';
import type { PasswordFailureRepository } from './repository';

/** Wrong passwords in a row before the account waits; then 1, 2, 4… minutes per further failure, at most 30. */
export const PASSWORD_FREE_TRIES = 5;
const FIRST_LOCK_MS = 60_000;
const MAX_LOCK_MS = 30 * 60_000;
/** A day without attempts forgets the earlier failures. */
const FORGET_AFTER_MS = 24 * 3600_000;

export const lockMsFor = (failures: number) =>
  failures < PASSWORD_FREE_TRIES ? 0 : Math.min(FIRST_LOCK_MS * 2 ** (failures - PASSWORD_FREE_TRIES), MAX_LOCK_MS);

/**
 * Per-account backoff for password sign-in, on top of the per-IP limit: guesses spread over many addresses (or many
 * instances) still count against the account. The attempt is counted before the password is checked, and the count
 * that reaches the limit locks at once, so a burst of concurrent guesses gets no more than the free tries. A correct
 * password clears the count. While locked, the person can still sign in with an SMS code.
 */
export function createPasswordGuard(repo: PasswordFailureRepository, now: () => Date) {
  return {
    /** Throws 429 with the wait while the account is locked; otherwise counts this attempt. */
    async beginAttempt(userId: string) {
      const at = now();
      const r = await repo.reserve(userId, at, { forgetBefore: new Date(at.getTime() - FORGET_AFTER_MS), lockMsFor });
      if ('lockedUntil' in r) {
        const seconds = Math.max(1, Math.ceil((r.lockedUntil.getTime() - at.getTime()) / 1000));
        const minutes = Math.ceil(seconds / 60);
        throw tooMany(`密码错误次数过多，请${minutes}分钟后再试，或使用验证码登录`, { retryAfter: seconds });
      }
    },
    succeeded: (userId: string) => repo.clear(userId),
  };
}
export type PasswordGuard = ReturnType<typeof createPasswordGuard>;
