import type { SmsPurpose } from '@lingxi/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { smsOutbox } from '../../../db/schema';
import { smsText } from './template';
import type { SmsProvider } from './types';

/**
 * The default provider: instead of a carrier, messages land in the sms_outbox table, which stands for the handset.
 * Tests and a developer read the code back through GET /api/sandbox/sms, never through a magic code.
 */
export function createSandboxSmsProvider(db: Db): SmsProvider & { latest(phone: string): Promise<typeof smsOutbox.$inferSelect | null> } {
  return {
    name: 'sandbox',
    async sendCode(phone: string, code: string, purpose: SmsPurpose) {
      await db.insert(smsOutbox).values({ phone, code, content: smsText(code, purpose) });
    },
    async latest(phone: string) {
      const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
      return row ?? null;
    },
  };
}
