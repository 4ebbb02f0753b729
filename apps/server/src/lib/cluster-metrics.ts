import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * /api/metrics across a cluster: a scrape reaches one worker (the port is shared), which asks the primary to gather
 * every worker's registry and sum them (prom-client's AggregatorRegistry), so counters and the live-stream gauge are
 * the whole server's, not one worker's share.
 */
const ASK = 'lingxi:metrics?';
const ANSWER = 'lingxi:metrics';
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers the workers' requests for the cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    const id = message.id ?? -1;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies Answer),
      (err: Error) => worker.send({ type: ANSWER, id, error: err.message } satisfies Answer),
    );
  });
}

/** In a worker, from its start: answers the primary's gathering requests with this registry. */
export function answerClusterMetrics(registry: Registry): void {
  if (!cluster.isWorker) return;
  AggregatorRegistry.setRegistries([registry]);
  // The constructor adds the worker's listener for the primary's requests (once per process).
  new AggregatorRegistry();
}

let next = 0;
/** The metrics text to serve: the whole cluster's in a worker, this process's registry otherwise. */
export function metricsText(registry: Registry): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = next++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('cluster metrics timed out')), 6_000);
    function done(err: Error | null, text?: string) {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (err) reject(err);
      else resolve(text ?? '');
    }
    function onMessage(m: Answer) {
      if (m?.type === ANSWER && m.id === id) done(m.error ? new Error(m.error) : null, m.text);
    }
    process.on('message', onMessage);
    process.send?.({ type: ASK, id });
  });
}
