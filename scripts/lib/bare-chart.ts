/**
 * bench:bazi's floor: the chart route alone in a bare Fastify — the same body parsing, calculator and answer bytes as
 * the app (BaziService, chartAnswerJson), none of the app's plugins (auth, input guard, security headers, rate limit,
 * metrics, logging) and no zod validation. What the app's route does beyond this is what its plugins cost; what this
 * misses of a target, no plugin change can win. Returns its port.
 */
export async function serveChartAlone(): Promise<number> {
  const { default: Fastify } = await import('fastify');
  const { createBaziService } = await import('../../apps/server/src/modules/bazi/service');
  const { chartAnswer, chartAnswerJson } = await import('../../apps/server/src/modules/bazi/chart-answer');
  const app = Fastify({ logger: false });
  // Anonymous requests never reach the repository (only a signed-in user's chart is saved).
  const service = createBaziService({ repo: {} as never, now: () => new Date(), log: app.log, maxSavedCharts: 1 });
  app.post('/api/bazi-paipan/paipan', { serializerCompiler: chartAnswerJson }, async (req) => {
    const { chart, chartId, message } = await service.calculate(req.body as never, null);
    return chartAnswer(chart, message, chartId) as never;
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}
