import type { FastifyInstance } from 'fastify';
import { createLlmProvider, createPersonaResolver, loadTokenizer } from '../chat';
import type { ModuleContext } from '../context';
import { createMemoryJob } from './job';
import { createMemoryRepository } from './repository';
import { memoryRoutes } from './routes';
import { createMemoryService } from './service';

/**
 * Long-term memory (issue #16, ADR 025): the service the chat turn asks (memory into the context, 记住… kept at
 * once), the job that reads settled chats with the configured model, and 我的 → 记忆.
 */
export async function createMemoryServices(ctx: ModuleContext) {
  const repo = createMemoryRepository(ctx.database);
  const config = ctx.config.memory;
  const tokenizer = await loadTokenizer();
  const memory = createMemoryService({ repo, consent: ctx.consent, moderation: ctx.moderation, tokenizer, config, now: ctx.now });
  const job = createMemoryJob({
    repo,
    llm: createLlmProvider(ctx.config.chat),
    resolvePersona: createPersonaResolver(ctx.serviceTypes),
    moderation: ctx.moderation,
    config,
    now: ctx.now,
    log: ctx.log,
  });
  /** What a chat turn needs (modules/chat takes it as its memory option). */
  const turnHooks = {
    turn: (userId: string, sessionId: string) => memory.turnMemory(userId, sessionId),
    remember: (userId: string, sessionId: string, kind: string, question: string) =>
      memory.rememberExplicit(userId, sessionId, kind, question),
  };
  return { memory, job, turnHooks };
}
export type MemoryServices = Awaited<ReturnType<typeof createMemoryServices>>;

/** Registers /memory/* and runs the memory job while the app is up. */
export async function registerMemoryModule(api: FastifyInstance, _ctx: ModuleContext, services: MemoryServices): Promise<void> {
  services.job.start();
  api.addHook('onClose', async () => services.job.stop());
  await api.register(memoryRoutes, services);
}
