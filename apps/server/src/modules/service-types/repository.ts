import { asc, eq, sql } from 'drizzle-orm';
import type { ServiceType } from '@lingxi/shared';
import type { Db } from '../../db/client';
import { serviceTypes } from '../../db/schema';
import { BUILT_IN_SERVICE_TYPES } from './catalog';

const toDto = (r: typeof serviceTypes.$inferSelect): ServiceType => ({
  key: r.key,
  title: r.title,
  description: r.description,
  icon_name: r.iconName,
  color: r.color,
  feature: r.feature,
  category: r.category as ServiceType['category'],
});

export function createServiceTypeRepository(db: Db) {
  return {
    async list() {
      return (await db.select().from(serviceTypes).orderBy(asc(serviceTypes.sortOrder))).map(toDto);
    },
    async find(key: string) {
      const [row] = await db.select().from(serviceTypes).where(eq(serviceTypes.key, key)).limit(1);
      return row ? toDto(row) : null;
    },
    async seed() {
      const rows = BUILT_IN_SERVICE_TYPES.map((t, i) => ({
        key: t.key,
        title: t.title,
        description: t.description,
        iconName: t.icon_name,
        color: t.color,
        feature: t.feature,
        category: t.category,
        sortOrder: i,
      }));
      await db
        .insert(serviceTypes)
        .values(rows)
        .onConflictDoUpdate({
          target: serviceTypes.key,
          set: {
            title: sql`excluded.title`,
            description: sql`excluded.description`,
            iconName: sql`excluded.icon_name`,
            color: sql`excluded.color`,
            feature: sql`excluded.feature`,
            category: sql`excluded.category`,
            sortOrder: sql`excluded.sort_order`,
            updatedAt: sql`now()`,
          },
        });
    },
  };
}
export type ServiceTypeRepository = ReturnType<typeof createServiceTypeRepository>;
