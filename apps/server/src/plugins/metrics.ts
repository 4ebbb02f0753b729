import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { answerClusterMetrics, metricsText } from '../lib/cluster-metrics';

/** Prometheus metrics: one registry per app so tests building several apps do not collide. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Read when Prometheus scrapes, so the gauge is exact without the chat code touching it on every stream.
  let liveStreamCount = () => 0;
  return {
    registry,
    liveStreamsFrom(count: () => number) {
      liveStreamCount = count;
    },
    httpRequests: new Counter({
      name: 'lingxi_http_requests_total',
      help: 'HTTP requests by route and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'lingxi_http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    liveStreams: new Gauge({
      name: 'lingxi_chat_live_streams',
      help: 'Chat replies streaming right now',
      registers: [registry],
      collect() {
        this.set(liveStreamCount());
      },
    }),
    paymentOutcomes: new Counter({
      name: 'lingxi_payment_outcomes_total',
      help: 'Payment orders settled by outcome',
      labelNames: ['method', 'outcome'] as const,
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

const sameToken = (given: string | undefined, token: string) => {
  const a = createHash('sha256')
    .update(given ?? '')
    .digest();
  return timingSafeEqual(a, createHash('sha256').update(`Bearer ${token}`).digest());
};

export function registerMetrics(app: FastifyInstance, metrics: Metrics, o: { token: string | undefined; mounted: boolean }) {
  // prom-client finds a series by hashing its label object on every call; the series of a route, method and status
  // are found once and kept (a few hundred at most: route patterns, never URLs).
  const counters = new Map<string, Counter.Internal>();
  const timers = new Map<string, Histogram.Internal<'method' | 'route'>>();
  app.addHook('onResponse', (req, reply, done) => {
    // The route pattern, not the URL, so ids and phone numbers never become label values.
    const route = req.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const timerKey = `${req.method} ${route}`;
    const countKey = `${timerKey} ${status}`;
    let count = counters.get(countKey);
    if (!count) counters.set(countKey, (count = metrics.httpRequests.labels({ method: req.method, route, status: String(status) })));
    let timer = timers.get(timerKey);
    if (!timer) timers.set(timerKey, (timer = metrics.httpDuration.labels({ method: req.method, route })));
    count.inc();
    timer.observe(reply.elapsedTime / 1000);
    done();
  });
  if (!o.mounted) {
    app.log.info('/api/metrics is off: set METRICS_TOKEN to scrape it in production');
    return;
  }
  const { token } = o;
  answerClusterMetrics(metrics.registry);
  app.get('/api/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (token && !sameToken(req.headers.authorization, token))
      return reply.status(401).send({ success: false, message: '未授权', data: null });
    reply.type(metrics.registry.contentType);
    return metricsText(metrics.registry);
  });
}
