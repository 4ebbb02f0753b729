/**
 * The counting rule of deep replies, as the client is told it: one less when a reply completed with text, the same
 * when it failed, timed out, was stopped, was blocked by moderation or lost its row; never below zero. The database applies the same rule in the
 * write that completes the reply (chat_finish_turn, migration 0011) — that write is what counts; this is its twin for
 * the `final` event, exact because a session runs one reply at a time.
 */
export function remainingAfter(left: number, reply: { status: string; content: string; written: boolean }): number {
  if (!reply.written || reply.status !== 'done' || reply.content === '') return left;
  return Math.max(0, left - 1);
}
