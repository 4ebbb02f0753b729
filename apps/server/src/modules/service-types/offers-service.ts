import type { AdminOffer, AuditRecord, UpdateOfferBody } from '@lingxi/shared';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceTypeRepository } from './repository';

type OfferRow = Awaited<ReturnType<ServiceTypeRepository['adminOffers']>>[number];

const toAdminOffer = (r: OfferRow): AdminOffer => ({
  service_type: r.offer.serviceType,
  persona_title: r.personaTitle,
  category: r.category,
  enabled: r.offer.enabled,
  price_fen: r.offer.priceFen,
  replies: r.offer.replies,
  title: r.offer.title,
  includes: r.offer.includes,
  updated_at: r.offer.updatedAt.toISOString(),
});

/** The operator's price editor: every change goes through one write that also records it in the audit log. */
export function createOffersService(d: { repo: ServiceTypeRepository; now: () => Date }) {
  return {
    async list(): Promise<AdminOffer[]> {
      return (await d.repo.adminOffers()).map(toAdminOffer);
    },

    async update(actor: UserRow, key: string, b: UpdateOfferBody): Promise<AdminOffer> {
      const includes = b.includes.map((s) => s.trim()).filter(Boolean);
      const updated = await d.repo.updateOffer(
        key,
        { enabled: b.enabled, priceFen: b.price_fen, replies: b.replies, title: b.title.trim(), includes },
        { id: actor.id, phone: actor.phone },
        d.now(),
      );
      if (!updated) throw notFound('该服务没有可编辑的深度服务');
      const row = (await d.repo.adminOffers()).find((r) => r.offer.serviceType === key);
      if (!row) throw notFound('该服务没有可编辑的深度服务');
      return toAdminOffer(row);
    },

    async audit(q: { page: number; page_size: number }): Promise<{ records: AuditRecord[]; total: number }> {
      const { rows, total } = await d.repo.auditPage(q.page, q.page_size);
      return {
        records: rows.map((r) => ({
          id: r.id,
          actor_phone: r.actorPhone,
          action: r.action,
          target: r.target,
          before: r.before,
          after: r.after,
          created_at: r.createdAt.toISOString(),
        })),
        total,
      };
    },
  };
}
export type OffersService = ReturnType<typeof createOffersService>;
