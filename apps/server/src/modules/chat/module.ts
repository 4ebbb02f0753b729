import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { cacheRoutes } from './cache-routes';
import { createDeepRepository } from './deep-repository';
import { createDeepSummaries } from './deep-summary';
import { createLlmProvider } from './llm';
import { createPersonaResolver } from './personas/resolve';
import { createGroundingRepository } from './grounding-repository';
import { createChatRepository } from './repository';
import { chatRoutes } from './routes';
import { createSearchRepository } from './search-repository';
import { searchRoutes } from './search-routes';
import { createSessionGrounding } from './session-grounding';
import { createChatService } from './service';
import { statsRoutes } from './stats-routes';
import { loadTokenizer } from './tokens';
import { createActiveTurns, createTurnRunner } from './turn';
import type { SqlCall } from '../../db/together';
import type { TurnMemory } from './turn/context';
import { createTurnRepository } from './turn-repository';

/** Registers the chat feature under /api: /chat/*, /cache/* (history), /stats/token-usage and /chat/search. */
export async function registerChatModule(
  api: FastifyInstance,
  ctx: ModuleContext,
  /** Long-term memory (modules/memory): read into a turn's context; 记住… kept as the turn starts. */
  memory: {
    turn: (userId: string, sessionId: string) => SqlCall<(kind: string) => TurnMemory>;
    remember: (userId: string, sessionId: string, kind: string, question: string) => Promise<string | null>;
  },
): Promise<void> {
  const config = ctx.config.chat;
  const llm = createLlmProvider(config);
  const tokenizer = await loadTokenizer();
  const resolvePersona = createPersonaResolver(ctx.serviceTypes);
  const active = createActiveTurns();
  const repo = createChatRepository(ctx.db);
  const deep = createDeepRepository(ctx.db);
  const grounding = createSessionGrounding(createGroundingRepository(ctx.db));
  const chat = createChatService({
    repo,
    deep,
    resolvePersona,
    active,
    tokenizer,
    config,
    moderation: ctx.moderation,
    now: ctx.now,
    grounding,
  });
  const summaries = createDeepSummaries({
    repo: deep,
    ownSession: (id, userId) => repo.findOwnSession(id, userId),
    llm,
    tokenizer,
    resolvePersona,
    config,
    now: ctx.now,
    log: ctx.log,
  });
  const turns = createTurnRunner({
    turns: createTurnRepository(ctx.database, { now: ctx.now }),
    llm,
    tokenizer,
    resolvePersona,
    gate: ctx.safety.turnGate,
    moderation: ctx.moderation,
    active,
    config,
    now: ctx.now,
    log: ctx.log,
    memory,
  });
  ctx.log.info({ provider: llm.provider, model: llm.model }, 'chat: language model provider');
  ctx.metrics.liveStreamsFrom(active.count);

  // Shutdown drains: replies running now may finish within the grace period; any still running then are stopped
  // (their text so far is saved as 'aborted'). New requests meanwhile get 503 (Fastify's closing state).
  api.addHook('preClose', async () => {
    await settleWithin(active.drained(), ctx.config.shutdown.drainMs);
    active.stopAll('shutdown');
    await settleWithin(active.drained(), 5_000);
  });

  await api.register(chatRoutes, { chat, turns, summaries, heartbeatMs: config.heartbeatMs, perMinute: config.ratePerMinute });
  await api.register(cacheRoutes, { chat, savePerMinute: config.savePerMinute });
  await api.register(statsRoutes, { chat });
  await api.register(searchRoutes, { search: createSearchRepository(ctx.database), perMinute: config.ratePerMinute * 2 });
}

const settleWithin = (p: Promise<void>, ms: number) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    void p.then(() => {
      clearTimeout(t);
      resolve();
    });
  });
