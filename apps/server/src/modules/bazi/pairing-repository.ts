import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { baziPairings } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PairingRow {
  id: string;
  createdAt: Date;
  chartId: string;
  partnerChartId: string;
}

const columns = {
  id: baziPairings.id,
  createdAt: baziPairings.createdAt,
  chartId: baziPairings.chartId,
  partnerChartId: baziPairings.partnerChartId,
};

/** 合婚 records: which two charts, and when the user confirmed the partner's consent. */
export function createPairingRepository(db: Db) {
  return {
    /** Records a pairing and drops the user's oldest ones beyond `keep`. */
    async insert(row: { userId: string; chartId: string; partnerChartId: string; consentAt: Date }, keep: number): Promise<PairingRow> {
      const [saved] = await db
        .insert(baziPairings)
        .values({
          userId: row.userId,
          chartId: row.chartId,
          partnerChartId: row.partnerChartId,
          partnerConsentAt: row.consentAt,
          createdAt: row.consentAt,
        })
        .returning(columns);
      const newest = db
        .select({ id: baziPairings.id })
        .from(baziPairings)
        .where(eq(baziPairings.userId, row.userId))
        .orderBy(desc(baziPairings.createdAt), desc(baziPairings.id))
        .limit(keep);
      await db.delete(baziPairings).where(and(eq(baziPairings.userId, row.userId), notInArray(baziPairings.id, newest)));
      if (!saved) throw new Error('pairing insert returned no row');
      return saved;
    },

    async find(userId: string, id: string): Promise<PairingRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select(columns)
        .from(baziPairings)
        .where(and(eq(baziPairings.id, id), eq(baziPairings.userId, userId)));
      return row ?? null;
    },
  };
}
export type PairingRepository = ReturnType<typeof createPairingRepository>;
