import type { FastifyInstance } from 'fastify';
import type { LlmProvider } from '../chat/llm';
import type { PersonaResolver } from '../chat/personas/resolve';
import type { TokenCounter } from '../chat/tokens';
import type { ModuleContext } from '../context';
import { createMemoryJob } from './job';
import { createMemoryRepository } from './repository';
import { memoryRoutes } from './routes';
import { createMemoryService } from './service';

/**
 * Long-term memory (issue #16, ADR 025). Built by the chat module, which owns the model and the tokenizer: the turn
 * reads memory into the context and keeps 记住… requests; the job reads settled chats.
 */
export function createMemoryServices(ctx: ModuleContext, chat: { llm: LlmProvider; tokenizer: TokenCounter; resolvePersona: PersonaResolver }) {
  const repo = createMemoryRepository(ctx.database);
  const config = ctx.config.memory;
  const memory = createMemoryService({ repo, consent: ctx.consent, moderation: ctx.moderation, tokenizer: chat.tokenizer, config, now: ctx.now });
  const job = createMemoryJob({ repo, llm: chat.llm, resolvePersona: chat.resolvePersona, moderation: ctx.moderation, config, now: ctx.now, log: ctx.log });
  return { memory, job };
}
export type MemoryServices = ReturnType<typeof createMemoryServices>;

export async function registerMemoryRoutes(api: FastifyInstance, services: MemoryServices): Promise<void> {
  services.job.start();
  api.addHook('onClose', async () => services.job.stop());
  await api.register(memoryRoutes, services);
}

export { type MemoryService, type TurnMemory } from './service';
