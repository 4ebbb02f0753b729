import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;

/** The sandbox handset: what a real phone would have received (providers/sandbox.ts writes, /api/sandbox/sms reads). */
export function createSmsOutboxRepository(db: Db) {
  return {
    async insert(v: { phone: string; code: string | null; content: string }) {
      await db.insert(smsOutbox).values(v);
    },
    async latest(phone: string): Promise<SmsOutboxRow | null> {
      const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
      return row ?? null;
    },
  };
}
export type SmsOutboxRepository = ReturnType<typeof createSmsOutboxRepository>;
