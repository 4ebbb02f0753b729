/** Where a text was written: each provider picks its own service for a scene (the aliyun one: question vs answer). */
export type ModerationScene = 'question' | 'answer' | 'username' | 'session_name' | 'contact' | 'report' | 'emergency_name';

/** A text that failed: the category and the provider's label (never the text itself). */
export interface Verdict {
  category: string;
  label: string;
  provider: string;
}

/**
 * Checks a reply while it streams. `push` takes the model's text in order; the guard passes on (`release`) only what
 * it has checked, holding back the unchecked tail, and calls `block` at most once, after which it releases nothing.
 * `end` checks what is still held and settles once all of it is released or blocked.
 */
export interface StreamGuard {
  push(text: string): void;
  end(): Promise<void>;
}
export interface GuardSink {
  release(text: string): void;
  block(verdict: Verdict): void;
}

/** One moderation service: the shipped lexicon (local) or Alibaba Cloud Content Moderation 2.0 (aliyun). */
export interface ModerationProvider {
  readonly name: string;
  check(text: string, scene: ModerationScene): Promise<Verdict | null>;
  guard(scene: ModerationScene, sink: GuardSink): StreamGuard;
}
