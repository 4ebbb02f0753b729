import type { Db } from '../../db/client';
import { consentRecords } from '../../db/schema';

export type NewConsentRecord = typeof consentRecords.$inferInsert;

export function createConsentRepository(db: Db) {
  return {
    async insert(v: NewConsentRecord) {
      await db.insert(consentRecords).values(v);
    },
  };
}
export type ConsentRepository = ReturnType<typeof createConsentRepository>;
