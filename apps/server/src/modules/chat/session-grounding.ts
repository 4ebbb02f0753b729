import { CHAT_GROUNDING_MESSAGES, type ChatGrounding } from '@lingxi/shared';
import { badRequest, notFound } from '../../lib/errors';
import type { GroundingRepository } from './grounding-repository';
import type { Persona } from './personas';

/**
 * Grounding a new session in a chart, a year or month of its timeline, or a 合婚 pairing (issue #15): "让AI解读此命盘",
 * the timeline's "这一年/这个月需要注意什么", and 合婚 → 姻缘情感. Only personas that read charts can be grounded.
 */
export function createSessionGrounding(repo: GroundingRepository) {
  return {
    async check(userId: string, g: ChatGrounding, persona: Persona): Promise<void> {
      if (!persona.safety.groundedChart) throw badRequest('该对话类型不解读命盘');
      const owned = g.kind === 'chart' ? await repo.ownsChart(userId, g.chart_id) : await repo.ownsPairing(userId, g.pairing_id);
      if (!owned) throw notFound(g.kind === 'chart' ? CHAT_GROUNDING_MESSAGES.chartNotFound : CHAT_GROUNDING_MESSAGES.pairingNotFound);
    },

    async attach(sessionId: string, userId: string, g: ChatGrounding): Promise<void> {
      await repo.attach(
        g.kind === 'chart'
          ? { sessionId, userId, kind: 'chart', chartId: g.chart_id, pairingId: null, year: g.year ?? null, month: g.month ?? null }
          : { sessionId, userId, kind: 'pairing', chartId: null, pairingId: g.pairing_id, year: null, month: null },
      );
    },
  };
}
export type SessionGrounding = ReturnType<typeof createSessionGrounding>;
