import type { Metrics } from '../../plugins/metrics';
import type { PaymentRepository } from './repository';

/** Counts each order's one transition out of pending (paid, closed, expired) where it happens: in the conditional UPDATE. */
export function withOutcomeMetrics(repo: PaymentRepository, metrics: Metrics): PaymentRepository {
  return {
    ...repo,
    async markPaid(id, s, fulfil) {
      const done = await repo.markPaid(id, s, fulfil);
      if (done) metrics.paymentOutcomes.inc({ method: done.method, outcome: 'paid' });
      return done;
    },
    async markEnded(id, status, now, payload) {
      const row = await repo.markEnded(id, status, now, payload);
      if (row) metrics.paymentOutcomes.inc({ method: row.method, outcome: status });
      return row;
    },
  };
}
