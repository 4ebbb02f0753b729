import type { FastifyBaseLogger } from 'fastify';
import type { LlmProvider } from '../chat';
import type { PersonaResolver } from '../chat';
import type { ModerationService } from '../moderation';
import type { MemoryConfig } from './config';
import { EXTRACT_INSTRUCTION, explicitFact, parseFacts } from './facts';
import type { DueSession, MemoryRepository } from './repository';
import { memoryAllowed } from './service';

/** Questions read from one session at a time (the newest; older ones were read by an earlier run or are stale). */
const QUESTIONS_READ = 30;
/** A settled chat is read only within this window: an old one going quiet is not news. */
const LOOK_BACK_MS = 7 * 86_400_000;
const SESSIONS_PER_SWEEP = 10;
const EXTRACT_TIMEOUT_MS = 60_000;

/**
 * The memory job (ADR 025): after a chat settles — quiet for MEMORY_IDLE_MS, or the user left it — the configured
 * model reads the user's new questions and proposes a few durable facts. The offline model proposes none, so
 * without a key only 记住… requests are kept. Every sweep also deletes private chats whose browser vanished.
 */
export function createMemoryJob(d: {
  repo: MemoryRepository;
  llm: LlmProvider;
  resolvePersona: PersonaResolver;
  moderation: ModerationService;
  config: MemoryConfig;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  async function extract(questions: string[], signal: AbortSignal): Promise<string[]> {
    let answer = '';
    await d.llm.stream(
      {
        messages: [
          { role: 'system', content: EXTRACT_INSTRUCTION },
          { role: 'user', content: questions.map((q) => `用户：${q}`).join('\n') },
        ],
        maxTokens: 400,
        temperature: 0.2,
        signal,
        persona: { key: 'memory', title: '长期记忆', focus: [], crisis: false, mode: 'memory' },
      },
      (e) => {
        if (e.type === 'delta') answer += e.text;
      },
    );
    return parseFacts(answer);
  }

  async function read(s: DueSession): Promise<number> {
    const resolved = await d.resolvePersona(s.serviceType);
    const questions = await d.repo.questionsAfter(s.id, s.memoryOrder, QUESTIONS_READ);
    const last = questions.at(-1);
    if (!resolved || !last) return 0;
    const kind = resolved.persona.kind;
    let stored = 0;
    if (memoryAllowed(await d.repo.switches(s.userId), kind)) {
      // 记住… requests were stored when asked; the model need not see them again.
      const said = questions.filter((q) => !explicitFact(q.content)).map((q) => q.content.slice(0, 500));
      const facts = said.length ? await extract(said, AbortSignal.timeout(EXTRACT_TIMEOUT_MS)) : [];
      const clean: string[] = [];
      for (const f of facts) if (!(await d.moderation.check(f, { scene: 'answer', userId: s.userId, sessionId: s.id }))) clean.push(f);
      const rows = await d.repo.add(
        s.userId,
        clean.map((content) => ({ content, category: kind, source: 'extracted' as const, sessionId: s.id })),
        d.config.maxItems,
        d.now(),
      );
      stored = rows.length;
    }
    // Read is read: with memory off these questions are never looked at again, even if it is switched on later.
    await d.repo.markRead(s.id, last.order);
    return stored;
  }

  async function readAll(due: DueSession[]) {
    let stored = 0;
    for (const s of due) {
      try {
        stored += await read(s);
      } catch (err) {
        d.log.warn({ err: (err as Error).message?.slice(0, 200), session: s.id }, 'memory: extraction failed');
      }
    }
    return stored;
  }

  let running: Promise<unknown> | null = null;
  async function sweep() {
    const now = d.now();
    const gone = await d.repo.deleteIdlePrivate(new Date(now.getTime() - d.config.privateIdleMs));
    if (gone.length) d.log.info({ count: gone.length }, 'memory: idle private chats deleted');
    const due = await d.repo.claimDue({
      now,
      quietBefore: new Date(now.getTime() - d.config.idleMs),
      since: new Date(now.getTime() - LOOK_BACK_MS),
      limit: SESSIONS_PER_SWEEP,
    });
    return readAll(due);
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    sweep,
    /** The user left a chat: read it now, in the background. False when there is nothing new or it is private. */
    async leave(userId: string, sessionId: string): Promise<{ queued: boolean; done: Promise<number> }> {
      const now = d.now();
      const due = await d.repo.claimDue({ now, quietBefore: now, since: new Date(0), limit: 1, only: { id: sessionId, userId } });
      return { queued: due.length > 0, done: readAll(due) };
    },
    start() {
      timer = setInterval(() => {
        if (running) return;
        running = sweep()
          .catch((err) => d.log.warn({ err: (err as Error).message?.slice(0, 200) }, 'memory: sweep failed'))
          .finally(() => (running = null));
      }, d.config.sweepMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
export type MemoryJob = ReturnType<typeof createMemoryJob>;
