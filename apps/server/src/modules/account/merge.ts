import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { AccountChanged } from '../auth';
import { createAccountRepository } from './repository';

/**
 * bind-phone for a WeChat-created account whose phone already has an account (ADR 005): after the SMS code proved the
 * phone, everything the WeChat account holds moves to the phone's account by the merge rule of each table in
 * db/user-data.ts and the WeChat account is deleted, in one transaction. Refused when the phone's account already has
 * a different WeChat person.
 */
export function createAccountMerger(db: Db, changed: AccountChanged = () => {}) {
  const repo = createAccountRepository(db, changed);
  return (from: UserRow, into: UserRow): Promise<void> =>
    repo.merge(from, into, (moving, theirs) => {
      const joined = new Set(moving);
      if (theirs.some((u) => !joined.has(u))) throw conflict('该手机号的账号已绑定其他微信');
    });
}
