import { pairingFacts, type BaziChart } from '@lingxi/bazi';
import { BAZI_MESSAGES, BAZI_PAIRING_MESSAGES, type BaziPairing, type BaziRequest } from '@lingxi/shared';
import { badRequest, notFound } from '../../lib/errors';
import type { PairingRepository, PairingRow } from './pairing-repository';
import type { BaziRepository, SavedChartRow } from './repository';
import type { BaziService } from './service';

/** '庚午 辛巳 庚辰 辛巳', three pillars when the hour is unknown. */
export const pillarsLine = (c: BaziChart) =>
  [c.pillars.year, c.pillars.month, c.pillars.day, c.pillars.hour].flatMap((p) => (p ? [p.gan_zhi] : [])).join(' ');

/**
 * 合婚 (issue #15): two of the caller's saved charts, the partner's consent recorded with the pairing, and the facts
 * that relate the charts (packages/bazi pairing.ts). Both charts are cast again from their stored requests.
 */
export function createPairingService(d: {
  repo: PairingRepository;
  charts: BaziRepository;
  bazi: BaziService;
  now: () => Date;
  maxPairings: number;
}) {
  function side(row: SavedChartRow, chart: BaziChart) {
    return {
      id: row.id,
      name: row.name,
      gender: chart.gender,
      title: chart.title,
      pillars: pillarsLine(chart),
      day_master: chart.day_master.gan,
    };
  }

  async function describe(userId: string, pairing: PairingRow): Promise<BaziPairing> {
    const rows = await d.charts.findMany(userId, [pairing.chartId, pairing.partnerChartId]);
    const a = rows.find((r) => r.id === pairing.chartId);
    const b = rows.find((r) => r.id === pairing.partnerChartId);
    if (!a || !b) throw notFound(BAZI_PAIRING_MESSAGES.notFound);
    const ca = d.bazi.cast(a.input as BaziRequest).chart;
    const cb = d.bazi.cast(b.input as BaziRequest).chart;
    return {
      id: pairing.id,
      created_at: pairing.createdAt.toISOString(),
      a: side(a, ca),
      b: side(b, cb),
      facts: pairingFacts(ca, cb) as BaziPairing['facts'],
    };
  }

  return {
    /** The route has already required partner_consent === true; the row records when it was given. */
    async create(userId: string, chartId: string, partnerChartId: string): Promise<BaziPairing> {
      if (chartId === partnerChartId) throw badRequest(BAZI_PAIRING_MESSAGES.sameChart);
      const rows = await d.charts.findMany(userId, [chartId, partnerChartId]);
      if (rows.length !== 2) throw notFound(BAZI_MESSAGES.notFound);
      const pairing = await d.repo.insert({ userId, chartId, partnerChartId, consentAt: d.now() }, d.maxPairings);
      return describe(userId, pairing);
    },

    async get(userId: string, id: string): Promise<BaziPairing> {
      const pairing = await d.repo.find(userId, id);
      if (!pairing) throw notFound(BAZI_PAIRING_MESSAGES.notFound);
      return describe(userId, pairing);
    },
  };
}
export type PairingService = ReturnType<typeof createPairingService>;
