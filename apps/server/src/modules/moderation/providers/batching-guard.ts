import type { GuardSink, ModerationScene, StreamGuard, Verdict } from './types';

const SENTENCE_END = /[。！？!?；;\n…]/;

/**
 * A stream guard for a provider that checks whole texts over the network: the reply is checked a sentence at a time
 * (or every `maxChars` without one), one request in flight, each with the end of the previous piece in front of it so
 * a word cut by the boundary is still seen whole. Text is released only after its request passed.
 */
export function createBatchingGuard(
  check: (text: string, scene: ModerationScene) => Promise<Verdict | null>,
  scene: ModerationScene,
  sink: GuardSink,
  o: { maxChars: number; overlap: number; onError: (err: unknown) => void },
): StreamGuard {
  let pending = '';
  let previous = '';
  let blocked = false;
  let chain: Promise<void> = Promise.resolve();

  const submit = (piece: string) => {
    chain = chain.then(async () => {
      if (blocked) return;
      let verdict: Verdict | null = null;
      try {
        verdict = await check(previous.slice(-o.overlap) + piece, scene);
      } catch (err) {
        // The local lexicon has already passed this text; an unreachable service must not silence every reply.
        o.onError(err);
      }
      if (verdict) {
        blocked = true;
        sink.block(verdict);
        return;
      }
      previous = piece;
      sink.release(piece);
    });
  };

  const cut = (force: boolean) => {
    for (;;) {
      let end = -1;
      for (let i = pending.length - 1; i >= 0; i--) {
        if (SENTENCE_END.test(pending[i] as string)) {
          end = i + 1;
          break;
        }
      }
      if (end < 0 && pending.length >= o.maxChars) end = o.maxChars;
      if (end < 0 && force && pending) end = pending.length;
      if (end <= 0) return;
      submit(pending.slice(0, end));
      pending = pending.slice(end);
      if (!pending) return;
    }
  };

  return {
    push(text) {
      if (blocked || !text) return;
      pending += text;
      cut(false);
    },
    async end() {
      if (!blocked) cut(true);
      await chain;
    },
  };
}
