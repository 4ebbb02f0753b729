import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { run, type SqlCall } from '../../db/together';
import {
  aiDisclosureAcks,
  chatMessages,
  contentReports,
  emergencyAlerts,
  moderationEvents,
  safetySettings,
  usageStreaks,
} from '../../db/schema';

export interface GateState {
  birthYear: number | null;
  guardianVerified: boolean;
  streakStartedAt: Date | null;
  breakAckedAt: Date | null;
  daySeconds: number;
  disclosureAcked: boolean;
}

export interface GateQuery {
  userId: string;
  authSessionId: string | null;
  now: Date;
  day: string;
  idleGapSeconds: number;
  track: boolean;
}

const date = (v: unknown) => (typeof v === 'string' || v instanceof Date ? new Date(v) : null);

/**
 * safety_gate (migration 0011): one prepared call per chat turn that extends the user's streak of use and reads every
 * rule's input. `authSessionId` null: no disclosure is read (it is per sign-in). The chat turn asks it together with
 * its session and memory (db/together.ts); the other paths ask it alone.
 */
export const gateCall = (g: GateQuery): SqlCall<GateState> => ({
  call: 'safety_gate($1::uuid, $2::uuid, $3::timestamptz, $4::date, $5::int, $6::boolean)',
  params: [g.userId, g.authSessionId, g.now.toISOString(), g.day, g.idleGapSeconds, g.track],
  read: ([row]) => ({
    birthYear: (row?.r_birth_year as number | null | undefined) ?? null,
    guardianVerified: !!row?.r_guardian_verified,
    streakStartedAt: date(row?.r_streak_started_at),
    breakAckedAt: date(row?.r_break_acked_at),
    daySeconds: Number(row?.r_day_seconds ?? 0),
    disclosureAcked: !!row?.r_disclosure_acked,
  }),
});

type SettingsPatch = Partial<Omit<typeof safetySettings.$inferInsert, 'userId'>>;

export function createSafetyRepository(database: Pick<Database, 'db' | 'query'>) {
  const db: Db = database.db;
  return {
    gateCall,

    gate: (g: GateQuery): Promise<GateState> => run(database.query, gateCall(g)),

    async settings(userId: string) {
      const [row] = await db.select().from(safetySettings).where(eq(safetySettings.userId, userId));
      return row ?? null;
    },

    async saveSettings(userId: string, patch: SettingsPatch, now: Date) {
      const values = { ...patch, updatedAt: now };
      await db
        .insert(safetySettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: safetySettings.userId, set: values });
    },

    async acknowledgeDisclosure(userId: string, authSessionId: string, now: Date) {
      await db
        .insert(aiDisclosureAcks)
        .values({ sessionId: authSessionId, userId, acknowledgedAt: now })
        .onConflictDoUpdate({ target: aiDisclosureAcks.sessionId, set: { acknowledgedAt: now } });
    },

    async acknowledgeBreak(userId: string, now: Date) {
      await db.update(usageStreaks).set({ breakAckedAt: now }).where(eq(usageStreaks.userId, userId));
    },

    /** Whether the user's own session had a turn flagged as crisis since `since` (the crisis card was shown). */
    async hadCrisis(userId: string, sessionId: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.sessionId, sessionId),
            eq(chatMessages.userId, userId),
            eq(chatMessages.crisis, true),
            gte(chatMessages.messageTime, since),
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    async alertsSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(emergencyAlerts)
        .where(and(eq(emergencyAlerts.userId, userId), gte(emergencyAlerts.createdAt, since)));
      return row?.n ?? 0;
    },

    async logAlert(a: { userId: string; sessionId: string; contactPhone: string; status: 'sent' | 'failed'; now: Date }) {
      await db
        .insert(emergencyAlerts)
        .values({ userId: a.userId, sessionId: a.sessionId, contactPhone: a.contactPhone, status: a.status, createdAt: a.now });
    },

    /** Past the retention period: moderation events, settled reports and alert logs (pending reports stay). */
    async purgeBefore(cutoff: Date): Promise<void> {
      await db.delete(moderationEvents).where(lt(moderationEvents.createdAt, cutoff));
      await db.delete(contentReports).where(and(lt(contentReports.createdAt, cutoff), sql`${contentReports.status} <> 'pending'`));
      await db.delete(emergencyAlerts).where(lt(emergencyAlerts.createdAt, cutoff));
    },
  };
}
export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
