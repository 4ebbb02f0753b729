import { createStreamScanner, type Matcher } from '../matcher';
import type { GuardSink, ModerationProvider, StreamGuard } from './types';

/**
 * The shipped lexicon (plus MODERATION_EXTRA_WORDS_FILE) through one Aho-Corasick automaton. While a reply streams,
 * each chunk costs one step per character, and only a possible word in progress is held back: a reply without one is
 * passed on whole, chunk by chunk.
 */
export function createLocalProvider(matcher: Matcher): ModerationProvider {
  const provider = 'local';
  return {
    name: provider,
    async check(text) {
      const hit = matcher.find(text);
      return hit ? { category: hit.category, label: hit.term, provider } : null;
    },
    guard(_scene, sink: GuardSink): StreamGuard {
      const scanner = createStreamScanner(matcher);
      let held = '';
      let heldFrom = 0;
      let blocked = false;
      return {
        push(text) {
          if (blocked || !text) return;
          const hit = scanner.feed(text);
          if (hit) {
            blocked = true;
            held = '';
            sink.block({ category: hit.category, label: hit.term, provider });
            return;
          }
          held += text;
          const safe = scanner.safeEnd() - heldFrom;
          if (safe > 0) {
            sink.release(held.slice(0, safe));
            held = held.slice(safe);
            heldFrom += safe;
          }
        },
        async end() {
          // The model is done: a word in progress can no longer complete, so the tail is clean.
          if (!blocked && held) sink.release(held);
          held = '';
        },
      };
    },
  };
}
