import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** One worker's registry as `getMetricsAsJSON()` gives it, the shape `AggregatorRegistry.aggregate` sums. */
type WorkerMetrics = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/**
 * /api/metrics across a cluster: a scrape reaches one worker (the port is shared), which asks the primary to gather
 * every worker's registry and sum them (prom-client's aggregation rules), so counters and the live-stream gauge are
 * the whole server's, not one worker's share.
 *
 * The gathering is ours rather than prom-client's `clusterMetrics()`: that one asks every connected worker, so a
 * scrape while a replacement worker is still booting (forked, not yet listening) waited 5 s for an answer that never
 * came and failed the scrape with a 500. Here only workers that are listening are asked, and one that does not answer
 * in time is left out of that scrape instead of failing it.
 */
const ASK = 'lingxi:metrics?';
const ANSWER = 'lingxi:metrics';
const COLLECT = 'lingxi:metrics-collect';
const PART = 'lingxi:metrics-part';
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}
interface Part {
  type: typeof PART;
  id: number;
  metrics: WorkerMetrics;
}
type Message = { type?: string; id?: number } | null | undefined;

/** How long the primary waits for each worker's share of one scrape. */
export const GATHER_TIMEOUT_MS = 2_000;

/** In the primary: answers the workers' requests for the cluster's metrics. */
export function serveClusterMetrics(timeoutMs = GATHER_TIMEOUT_MS): void {
  const listening = new Set<Worker>();
  const waiting = new Map<number, (worker: Worker, metrics: WorkerMetrics) => void>();
  let nextCollect = 0;

  cluster.on('listening', (worker) => listening.add(worker));
  cluster.on('exit', (worker) => listening.delete(worker));

  // The worker serving the scrape is asked too: its own 'listening' event may not have reached the primary yet.
  const gather = (scraper: Worker): Promise<string> => {
    const id = nextCollect++;
    const asked = [...new Set([scraper, ...listening])].filter((w) => w.isConnected());
    const parts = new Map<Worker, WorkerMetrics>();
    return new Promise<WorkerMetrics[]>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve([...parts.values()]);
      };
      const timer = setTimeout(finish, timeoutMs);
      waiting.set(id, (worker, metrics) => {
        parts.set(worker, metrics);
        if (parts.size === asked.length) finish();
      });
      if (asked.length === 0) finish();
      for (const worker of asked) worker.send({ type: COLLECT, id });
    }).then((all) => AggregatorRegistry.aggregate(all).metrics());
  };

  cluster.on('message', (worker, message: Message) => {
    if (message?.type === PART) {
      const part = message as Part;
      waiting.get(part.id)?.(worker, part.metrics);
      return;
    }
    if (message?.type !== ASK) return;
    const id = message.id ?? -1;
    gather(worker).then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies Answer),
      (err: Error) => worker.send({ type: ANSWER, id, error: err.message } satisfies Answer),
    );
  });
}

/** In a worker, from its start: answers the primary's gathering requests with this registry. */
export function answerClusterMetrics(registry: Registry): void {
  if (!cluster.isWorker) return;
  process.on('message', (message: Message) => {
    if (message?.type !== COLLECT) return;
    const id = message.id ?? -1;
    registry.getMetricsAsJSON().then(
      (metrics) => process.send?.({ type: PART, id, metrics } satisfies Part),
      () => process.send?.({ type: PART, id, metrics: [] } satisfies Part),
    );
  });
}

let next = 0;
/** The metrics text to serve: the whole cluster's in a worker, this process's registry otherwise. */
export function metricsText(registry: Registry): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = next++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('cluster metrics timed out')), GATHER_TIMEOUT_MS + 4_000);
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
