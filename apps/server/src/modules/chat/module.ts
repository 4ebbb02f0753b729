import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { cacheRoutes } from './cache-routes';
import { createLlmProvider } from './llm';
import { createChatRepository } from './repository';
import { chatRoutes } from './routes';
import { createChatService } from './service';
import { statsRoutes } from './stats-routes';
import { createTurnRunner, type TurnRunner } from './turn';

/** Registers the chat feature under /api: /chat/*, /cache/* (history) and /stats/token-usage. */
export async function registerChatModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const config = ctx.config.chat;
  const repo = createChatRepository(ctx.db);
  const llm = createLlmProvider(config);
  let turns: TurnRunner | null = null;
  const chat = createChatService({ repo, serviceTypes: ctx.serviceTypes, config, now: ctx.now, turns: () => turns! });
  turns = createTurnRunner({ repo, llm, config, db: ctx.db, now: ctx.now, log: ctx.log, resolvePersona: chat.resolvePersona });
  ctx.log.info({ provider: llm.provider, model: llm.model }, 'chat: language model provider');
  ctx.metrics.liveStreamsFrom(() => turns!.activeCount());

  // Open streams would hold close() until they end: stop them (their partial text is saved as 'aborted') first.
  api.addHook('preClose', async () => {
    turns!.stopAll('shutdown');
    for (let waited = 0; turns!.activeCount() > 0 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
  });

  await api.register(chatRoutes, { chat, turns, heartbeatMs: config.heartbeatMs, perMinute: config.ratePerMinute });
  await api.register(cacheRoutes, { chat });
  await api.register(statsRoutes, { chat });
}
