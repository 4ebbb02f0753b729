import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DeepOffer, ServiceType } from '@lingxi/shared';
import type { Db } from '../../db/client';
import { auditLog, serviceOffers, serviceTypes, type AuditLogRow, type ServiceOfferRow } from '../../db/schema';
import { BUILT_IN_SERVICE_TYPES } from './catalog';
import { defaultOffer } from './offers-catalog';

const toOffer = (o: ServiceOfferRow | null): DeepOffer | null =>
  o && o.enabled ? { price_fen: o.priceFen, replies: o.replies, title: o.title, includes: o.includes } : null;

const toDto = (r: typeof serviceTypes.$inferSelect, offer: ServiceOfferRow | null): ServiceType => ({
  key: r.key,
  title: r.title,
  description: r.description,
  icon_name: r.iconName,
  color: r.color,
  feature: r.feature,
  category: r.category as ServiceType['category'],
  deep: toOffer(offer),
});

export interface OfferChange {
  enabled: boolean;
  priceFen: number;
  replies: number;
  title: string;
  includes: string[];
}

const offerFields = (o: ServiceOfferRow): OfferChange => ({
  enabled: o.enabled,
  priceFen: o.priceFen,
  replies: o.replies,
  title: o.title,
  includes: o.includes,
});

export function createServiceTypeRepository(db: Db) {
  return {
    async list() {
      const rows = await db
        .select({ type: serviceTypes, offer: serviceOffers })
        .from(serviceTypes)
        .leftJoin(serviceOffers, eq(serviceOffers.serviceType, serviceTypes.key))
        .orderBy(asc(serviceTypes.sortOrder));
      return rows.map((r) => toDto(r.type, r.offer));
    },
    async find(key: string) {
      const [row] = await db
        .select({ type: serviceTypes, offer: serviceOffers })
        .from(serviceTypes)
        .leftJoin(serviceOffers, eq(serviceOffers.serviceType, serviceTypes.key))
        .where(eq(serviceTypes.key, key))
        .limit(1);
      return row ? toDto(row.type, row.offer) : null;
    },
    /** The offer as sold now (enabled only), read fresh: a price edit applies to the very next order. */
    async activeOffer(key: string): Promise<(DeepOffer & { personaTitle: string }) | null> {
      const [row] = await db
        .select({ offer: serviceOffers, title: serviceTypes.title })
        .from(serviceOffers)
        .innerJoin(serviceTypes, eq(serviceTypes.key, serviceOffers.serviceType))
        .where(and(eq(serviceOffers.serviceType, key), eq(serviceOffers.enabled, true)))
        .limit(1);
      const offer = row ? toOffer(row.offer) : null;
      return row && offer ? { ...offer, personaTitle: row.title } : null;
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
      // Offers are the operator's once written: a default goes in only where no row exists (never an update).
      const offers = BUILT_IN_SERVICE_TYPES.flatMap((t) => defaultOffer(t.key, t.category) ?? []);
      if (offers.length) await db.insert(serviceOffers).values(offers).onConflictDoNothing({ target: serviceOffers.serviceType });
    },

    /** Every persona's offer for the price editor, on or off, in home-page order. */
    async adminOffers() {
      return db
        .select({ offer: serviceOffers, personaTitle: serviceTypes.title, category: serviceTypes.category })
        .from(serviceOffers)
        .innerJoin(serviceTypes, eq(serviceTypes.key, serviceOffers.serviceType))
        .orderBy(asc(serviceTypes.sortOrder));
    },

    /**
     * An operator's edit and its audit row (who, when, old → new) in one transaction; the row is locked so two
     * editors' changes are recorded in order, each with the state it replaced. Null when the persona has no offer.
     */
    async updateOffer(key: string, next: OfferChange, actor: { id: string; phone: string | null }, now: Date) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(serviceOffers).where(eq(serviceOffers.serviceType, key)).for('update');
        if (!current) return null;
        const [updated] = await tx
          .update(serviceOffers)
          .set({ ...next, updatedAt: now })
          .where(eq(serviceOffers.serviceType, key))
          .returning();
        if (!updated) return null;
        await tx.insert(auditLog).values({
          actorId: actor.id,
          actorPhone: actor.phone,
          action: 'service_offer.update',
          target: key,
          before: offerFields(current),
          after: offerFields(updated),
          createdAt: now,
        });
        return updated;
      });
    },

    async auditPage(page: number, pageSize: number): Promise<{ rows: AuditLogRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(auditLog),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}
export type ServiceTypeRepository = ReturnType<typeof createServiceTypeRepository>;
