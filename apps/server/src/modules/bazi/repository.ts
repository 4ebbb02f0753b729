import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { baziCharts } from '../../db/schema';

export interface SavedChartRow {
  id: string;
  createdAt: Date;
  name: string | null;
  input: unknown;
  result: unknown;
}

export interface ChartSummaryRow {
  id: string;
  createdAt: Date;
  gender: string | null;
  title: string | null;
  birthTime: string | null;
  birthPlace: string | null;
  calendarType: string | null;
  lunarDate: string | null;
  pillars: string | null;
  name: string | null;
  hourUnknown: boolean | null;
}

/** A uuid column compared with a malformed string is a PostgreSQL error, so such ids are a miss before any query. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const r = baziCharts.result;
// The list reads a few fields out of the stored chart rather than shipping ~8 kB of JSON per row.
const summaryColumns = {
  id: baziCharts.id,
  createdAt: baziCharts.createdAt,
  gender: sql<string | null>`${r}->>'gender'`,
  title: sql<string | null>`${r}->>'title'`,
  birthTime: sql<string | null>`${r}->>'birth_time'`,
  birthPlace: sql<string | null>`${r}->>'birth_place'`,
  calendarType: sql<string | null>`${baziCharts.input}->>'calendarType'`,
  lunarDate: sql<string | null>`${r}->'lunar_date'->>'text'`,
  pillars: sql<
    string | null
  >`concat_ws(' ', ${r}->'pillars'->'year'->>'gan_zhi', ${r}->'pillars'->'month'->>'gan_zhi', ${r}->'pillars'->'day'->>'gan_zhi', ${r}->'pillars'->'hour'->>'gan_zhi')`,
  name: baziCharts.name,
  hourUnknown: sql<boolean | null>`(${baziCharts.input}->>'hourUnknown')::boolean`,
};
const savedColumns = {
  id: baziCharts.id,
  createdAt: baziCharts.createdAt,
  name: baziCharts.name,
  input: baziCharts.input,
  result: baziCharts.result,
};

export function createBaziRepository(db: Db) {
  return {
    /** Saves a chart and drops the user's oldest ones beyond `keep`. */
    async insert(
      row: { userId: string; input: unknown; result: unknown; name: string | null; createdAt: Date },
      keep: number,
    ): Promise<{ id: string; createdAt: Date }> {
      const [saved] = await db.insert(baziCharts).values(row).returning({ id: baziCharts.id, createdAt: baziCharts.createdAt });
      const newest = db
        .select({ id: baziCharts.id })
        .from(baziCharts)
        .where(eq(baziCharts.userId, row.userId))
        .orderBy(desc(baziCharts.createdAt), desc(baziCharts.id))
        .limit(keep);
      await db.delete(baziCharts).where(and(eq(baziCharts.userId, row.userId), notInArray(baziCharts.id, newest)));
      if (!saved) throw new Error('chart insert returned no row');
      return saved;
    },

    async list(userId: string, page: number, pageSize: number): Promise<{ rows: ChartSummaryRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(baziCharts)
          .where(eq(baziCharts.userId, userId))
          .orderBy(desc(baziCharts.createdAt), desc(baziCharts.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(baziCharts).where(eq(baziCharts.userId, userId)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(userId: string, id: string): Promise<SavedChartRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select(savedColumns)
        .from(baziCharts)
        .where(and(eq(baziCharts.id, id), eq(baziCharts.userId, userId)));
      return row ?? null;
    },

    /** Both charts of a pairing in one read; only the caller's own. */
    async findMany(userId: string, ids: string[]): Promise<SavedChartRow[]> {
      const valid = ids.filter((id) => UUID.test(id));
      if (!valid.length) return [];
      return db
        .select(savedColumns)
        .from(baziCharts)
        .where(and(eq(baziCharts.userId, userId), inArray(baziCharts.id, valid)));
    },

    async update(userId: string, id: string, set: { input: unknown; result: unknown; name: string | null }): Promise<SavedChartRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .update(baziCharts)
        .set(set)
        .where(and(eq(baziCharts.id, id), eq(baziCharts.userId, userId)))
        .returning(savedColumns);
      return row ?? null;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      if (!UUID.test(id)) return false;
      const gone = await db
        .delete(baziCharts)
        .where(and(eq(baziCharts.id, id), eq(baziCharts.userId, userId)))
        .returning({ id: baziCharts.id });
      return gone.length > 0;
    },
  };
}
export type BaziRepository = ReturnType<typeof createBaziRepository>;
