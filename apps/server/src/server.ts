import { isWorker, processPlan, runPrimary } from './cluster';
import { parseConfig, type Config } from './config';

/** Listens and shuts down gracefully; everything else is built in app.ts. On PostgreSQL, one worker per core. */
let config: Config;
try {
  config = parseConfig();
} catch (err) {
  // A configuration refusal is for the person deploying: the message alone, without a stack trace, and a failed exit.
  console.error((err as Error).message);
  process.exit(1);
}

const plan = processPlan(config);
if (plan.workers > 1 && !isWorker()) await runPrimary(config, plan);
else await serve(config, plan);

async function serve(config: Config, plan: { workers: number; note: string | null }) {
  // Imported here, not at the top: the primary of a cluster never loads the app (~100 MB it would hold for nothing).
  const { buildApp } = await import('./app');
  const app = await buildApp({ config });
  if (plan.note && !isWorker()) {
    // Said at every start, louder when the configuration asked for something else.
    if (config.webConcurrency && config.webConcurrency > 1) app.log.warn(plan.note);
    else app.log.info(plan.note);
  }

  let closing = false;
  // Keep-alive connections would hold close() open until their timeout; tell clients of in-flight requests to hang up.
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      // Stop accepting, let in-flight requests finish, close the database; a stuck request cannot hold the exit forever.
      const force = setTimeout(() => process.exit(1), config.shutdown.forceExitMs);
      force.unref();
      setInterval(() => app.server.closeIdleConnections(), 250).unref();
      app.close().then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'error during shutdown');
          process.exit(1);
        },
      );
    });
  }

  // A worker whose primary died (SIGKILL, crash) would otherwise live on as an orphan holding database connections.
  if (isWorker()) process.on('disconnect', () => closing || process.exit(1));
  // A burst of new connections (a viral moment, or a proxy opening many at once) past Node's default backlog of 511
  // would be dropped by the kernel and retried by each client a second or more later.
  await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
}
