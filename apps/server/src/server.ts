import { buildApp } from './app';
import { parseConfig, type Config } from './config';

/** Listens and shuts down gracefully; everything else is built in app.ts. */
let config: Config;
try {
  config = parseConfig();
} catch (err) {
  // A configuration refusal is for the person deploying: the message alone, without a stack trace, and a failed exit.
  console.error((err as Error).message);
  process.exit(1);
}
const app = await buildApp({ config });

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

await app.listen({ port: config.port, host: config.host });
