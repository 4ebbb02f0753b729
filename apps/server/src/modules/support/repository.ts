import type { ContactBody } from '@lingxi/shared';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

export function createSupportRepository(db: Db) {
  return {
    async saveContact(
      b: Required<Pick<ContactBody, 'name' | 'phone' | 'subject' | 'message'>> & { email?: string | null },
      userId: string | null,
      ip: string,
    ) {
      const [row] = await db
        .insert(contactMessages)
        .values({ name: b.name, phone: b.phone, email: b.email || null, subject: b.subject, message: b.message, userId, ip })
        .returning({ id: contactMessages.id });
      return row!.id;
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
