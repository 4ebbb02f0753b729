import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { baziCharts, baziPairings, chatGroundings } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * SQL of a session's grounding (issue #15). The charts and pairings belong to the bazi module; the chat only checks
 * that the caller owns the one it is asked to ground a session in (as turn-repository reads them for the context).
 */
export function createGroundingRepository(db: Db) {
  return {
    async ownsChart(userId: string, chartId: string): Promise<boolean> {
      if (!UUID.test(chartId)) return false;
      const [row] = await db
        .select({ id: baziCharts.id })
        .from(baziCharts)
        .where(and(eq(baziCharts.id, chartId), eq(baziCharts.userId, userId)));
      return Boolean(row);
    },

    async ownsPairing(userId: string, pairingId: string): Promise<boolean> {
      if (!UUID.test(pairingId)) return false;
      const [row] = await db
        .select({ id: baziPairings.id })
        .from(baziPairings)
        .where(and(eq(baziPairings.id, pairingId), eq(baziPairings.userId, userId)));
      return Boolean(row);
    },

    /** One grounding per session, set when the session is made; a retry of the same session changes nothing. */
    async attach(v: {
      sessionId: string;
      userId: string;
      kind: 'chart' | 'pairing';
      chartId: string | null;
      pairingId: string | null;
      year: number | null;
      month: number | null;
    }) {
      await db.insert(chatGroundings).values(v).onConflictDoNothing();
    },
  };
}
export type GroundingRepository = ReturnType<typeof createGroundingRepository>;
