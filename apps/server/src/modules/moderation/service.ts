import { SAFETY_MSG } from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import type { GuardSink, ModerationProvider, ModerationScene, StreamGuard, Verdict } from './providers/types';
import type { ModerationRepository } from './repository';

export interface CheckContext {
  scene: ModerationScene;
  userId?: string | null;
  sessionId?: string | null;
}

/**
 * Content moderation for everything users write and the model answers. Every configured provider checks, in order
 * (the shipped lexicon first: cheap, and the operator's own words); the first that refuses decides. A refusal is
 * recorded and logged with its category only.
 */
export function createModerationService(d: { providers: ModerationProvider[]; repo: ModerationRepository; log: FastifyBaseLogger }) {
  const record = (v: Verdict, c: CheckContext) => {
    d.log.warn({ scene: c.scene, category: v.category, provider: v.provider, user: c.userId ?? null }, 'moderation: content refused');
    return d.repo
      .record({ userId: c.userId ?? null, scene: c.scene, category: v.category, provider: v.provider, sessionId: c.sessionId ?? null })
      .catch((err) => d.log.error({ err }, 'moderation: event not recorded'));
  };

  async function check(text: string, c: CheckContext): Promise<Verdict | null> {
    for (const [i, p] of d.providers.entries()) {
      let verdict: Verdict | null;
      try {
        verdict = await p.check(text, c.scene);
      } catch (err) {
        // Only a remote provider can fail: the lexicon (always first) has passed the text by then.
        if (i === 0) throw err;
        d.log.warn({ provider: p.name, err: (err as Error).message?.slice(0, 200) }, 'moderation: provider unavailable');
        continue;
      }
      if (verdict) {
        await record(verdict, c);
        return verdict;
      }
    }
    return null;
  }

  return {
    check,

    /** Throws a 422 with a Chinese message when `text` fails; the caller has not stored or sent anything yet. */
    async assertClean(text: string, c: CheckContext, message: string = SAFETY_MSG.contentBlocked): Promise<void> {
      if (!text || !(await check(text, c))) return;
      throw new AppError(422, message, 'CONTENT_BLOCKED');
    },

    /**
     * A guard for one streamed reply: the providers in a chain, each passing on only what it has checked. `sink`
     * gets the checked text, or one `block` after which nothing more.
     */
    guardReply(c: CheckContext, sink: GuardSink): StreamGuard {
      let blocked = false;
      const outer: GuardSink = {
        release: (t) => !blocked && sink.release(t),
        block: (v) => {
          if (blocked) return;
          blocked = true;
          void record(v, c);
          sink.block(v);
        },
      };
      const guards: StreamGuard[] = [];
      let downstream: GuardSink = outer;
      for (const p of [...d.providers].reverse()) {
        const next = downstream;
        const g = p.guard(c.scene, { release: (t) => next.release(t), block: outer.block });
        guards.unshift(g);
        downstream = { release: (t) => g.push(t), block: outer.block };
      }
      const first = guards[0];
      return {
        push: (t) => first?.push(t),
        async end() {
          for (const g of guards) await g.end();
        },
      };
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
