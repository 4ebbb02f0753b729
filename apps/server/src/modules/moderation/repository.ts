import type { Db } from '../../db/client';
import { moderationEvents } from '../../db/schema';

export interface ModerationEventInput {
  userId: string | null;
  scene: string;
  category: string;
  provider: string;
  sessionId: string | null;
}

/** Refused texts are recorded without the text: who, when, where, which category, which provider. */
export function createModerationRepository(db: Db) {
  return {
    async record(e: ModerationEventInput): Promise<void> {
      await db.insert(moderationEvents).values(e);
    },
  };
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
