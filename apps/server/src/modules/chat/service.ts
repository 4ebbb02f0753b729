import { randomUUID } from 'node:crypto';
import {
  CHAT_MSG,
  DEEP_SUMMARY_MAX,
  type ChatGrounding,
  type ChatMessage,
  type DeepSessionInfo,
  type MessageVote,
  type VoteStats,
  type PersonaPublic,
  type SessionDetail,
  type SessionSummary,
  type TokenUsage,
} from '@lingxi/shared';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { ModerationService } from '../moderation';
import type { ChatConfig } from './config';
import type { DeepRepository } from './deep-repository';
import type { PersonaResolver } from './personas/resolve';
import type { ChatRepository, MessageRow } from './repository';
import { isUniqueViolation } from './repository';
import { defaultSessionName, sessionNameFrom } from './session-name';
import type { SessionGrounding } from './session-grounding';
import { countTokens, type TokenCounter } from './tokens';
import type { ActiveTurns } from './turn';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sessions, messages, personas and token statistics. Every session read or write is scoped to the caller. */
export function createChatService(d: {
  repo: ChatRepository;
  deep: DeepRepository;
  resolvePersona: PersonaResolver;
  active: ActiveTurns;
  tokenizer: TokenCounter;
  config: ChatConfig;
  moderation: ModerationService;
  now: () => Date;
  /** Grounds a new session in a chart or a 合婚 pairing when the client asks (issue #15). */
  grounding?: SessionGrounding;
}) {
  async function ownSession(user: UserRow, sessionId: string) {
    const s = await d.repo.findOwnSession(sessionId, user.id);
    if (!s) throw notFound(CHAT_MSG.sessionNotFound);
    return s;
  }

  /**
   * A message still marked 'streaming' that no process has written for CHAT_STALE_REPLY_MS (its writer beats three
   * times as often) lost its process: it reads as aborted, so a reloaded page stops waiting for it.
   */
  const toMessage = (m: MessageRow, vote?: number): ChatMessage => ({
    order: m.orderNum,
    role: m.role === 'assistant' ? 'assistant' : 'user',
    content: m.content,
    timestamp: m.messageTime.toISOString(),
    status:
      m.status === 'streaming' && d.now().getTime() - m.updatedAt.getTime() > d.config.staleReplyMs
        ? 'aborted'
        : (m.status as ChatMessage['status']),
    safety: { crisis: m.crisis },
    model: m.role === 'assistant' ? m.model : null,
    tokens: m.tokens,
    tokens_estimated: m.tokensEstimated,
    ...(m.role === 'assistant' ? { follow_ups: m.followUps ?? [], vote: vote ? (vote > 0 ? 'up' : 'down') : null } : {}),
    memory_used: m.memoryUsed,
  });

  return {
    async persona(type: string): Promise<PersonaPublic> {
      const r = await d.resolvePersona(type);
      if (!r) throw notFound(CHAT_MSG.serviceTypeNotFound);
      return {
        key: type,
        title: r.title,
        greeting: r.persona.greeting,
        suggested_questions: [...r.persona.suggestedQuestions],
        disclaimer: r.persona.safety.disclaimer,
        companion: !!r.persona.safety.companion,
        color: r.color,
      };
    },

    /** The client's UUID becomes the session id when it is a UUID nobody uses; a retry of one's own key is idempotent. */
    async newChat(user: UserRow, body: { type: string; query: string; key?: string | null; grounding?: ChatGrounding; private?: boolean }) {
      const resolved = await d.resolvePersona(body.type);
      if (!resolved) throw badRequest(CHAT_MSG.serviceTypeNotFound);
      if (body.grounding) await d.grounding?.check(user.id, body.grounding, resolved.persona);
      const name = sessionNameFrom(body.query);
      const wanted = body.key && UUID.test(body.key) ? body.key.toLowerCase() : null;
      if (wanted) {
        const existing = await d.repo.findSession(wanted);
        if (existing?.userId === user.id && existing.serviceType === body.type)
          return { session_id: existing.id, session_name: existing.sessionName ?? defaultSessionName(existing.createdAt) };
      }
      if ((await d.repo.countSessions(user.id)) >= d.config.bounds.sessionsPerUser) throw conflict(CHAT_MSG.sessionsLimit);
      for (const id of [wanted, randomUUID(), randomUUID()]) {
        if (!id) continue;
        const row = await d.repo.createSession({
          id,
          userId: user.id,
          serviceType: body.type,
          sessionName: body.private ? '无痕对话' : name,
          isPrivate: !!body.private,
          now: d.now(),
        });
        if (row && body.grounding) await d.grounding?.attach(row.id, user.id, body.grounding);
        if (row) return { session_id: row.id, session_name: row.sessionName ?? defaultSessionName(row.createdAt) };
      }
      throw conflict('创建对话失败，请重试');
    },

    async list(user: UserRow, serviceType?: string): Promise<SessionSummary[]> {
      const rows = await d.repo.listSessions(user.id, serviceType?.trim() || undefined);
      const deepLeft = await d.deep.leftBySession(rows.map((s) => s.id));
      return rows.map((s) => ({
        session_id: s.id,
        session_name: s.sessionName ?? defaultSessionName(s.createdAt),
        service_type: s.serviceType,
        updated_at: s.updatedAt.toISOString(),
        deep_left: deepLeft.get(s.id) ?? null,
      }));
    },

    /** One page of the session: its newest messages, or those before order `before`. */
    async detail(user: UserRow, q: { session_id: string; limit: number; before?: number }): Promise<SessionDetail> {
      const s = await ownSession(user, q.session_id);
      const [page, deep] = await Promise.all([d.repo.messagesPage(s.id, q.limit, q.before), d.deep.ofSession(s.id, user.id)]);
      const votes = await d.repo.votesOf(
        user.id,
        page.rows.filter((m) => m.role === 'assistant').map((m) => m.id),
      );
      const deepInfo: DeepSessionInfo | null = deep
        ? {
            order_id: deep.orderId,
            title: deep.title,
            replies_total: deep.repliesTotal,
            replies_left: deep.repliesLeft,
            summary: deep.summary,
            summary_at: deep.summaryAt?.toISOString() ?? null,
            summaries_left: Math.max(0, DEEP_SUMMARY_MAX - deep.summariesMade),
          }
        : null;
      return {
        session_id: s.id,
        session_name: s.sessionName ?? defaultSessionName(s.createdAt),
        service_type: s.serviceType,
        messages: page.rows.map((m) => toMessage(m, votes.get(m.id))),
        has_more: page.hasMore,
        deep: deepInfo,
        private: s.isPrivate,
      };
    },

    /** Like or dislike a reply of one's own session (issue #16): one vote per user and reply, changeable. */
    async vote(user: UserRow, b: { session_id: string; order: number; vote: MessageVote | null }) {
      const reply = await d.repo.findOwnReply(b.session_id, user.id, b.order);
      if (!reply) throw notFound(CHAT_MSG.messageNotFound);
      await d.repo.setVote(user.id, reply.id, b.vote === null ? null : b.vote === 'up' ? 1 : -1, d.now());
      return { session_id: b.session_id, order: b.order, vote: b.vote };
    },

    async voteStats(): Promise<VoteStats> {
      const s = await d.repo.voteStats();
      return { up: s.up, down: s.down, replies_voted: s.replies };
    },

    async rename(user: UserRow, sessionId: string, name: string) {
      await d.moderation.assertClean(name, { scene: 'session_name', userId: user.id, sessionId });
      if (!(await d.repo.renameSession(sessionId, user.id, name, d.now()))) throw notFound(CHAT_MSG.sessionNotFound);
      return { session_id: sessionId, session_name: name };
    },

    async remove(user: UserRow, sessionId: string) {
      await ownSession(user, sessionId);
      d.active.stop(sessionId, 'deleted');
      await d.repo.deleteSession(sessionId, user.id);
      return { session_id: sessionId };
    },

    /** Spec §7 save-message: always into the caller's own session; the body's user_id is not trusted. */
    async saveMessage(
      user: UserRow,
      b: {
        session_id: string;
        role: 'user' | 'assistant';
        content: string;
        content_rag?: string | null;
        order_num?: number | null;
        message_time?: string | null;
      },
    ) {
      const s = await ownSession(user, b.session_id);
      await d.moderation.assertClean(b.content, { scene: b.role === 'user' ? 'question' : 'answer', userId: user.id, sessionId: s.id });
      const parsed = b.message_time ? new Date(b.message_time) : null;
      const time = parsed && !Number.isNaN(parsed.getTime()) ? parsed : d.now();
      let saved: { order: number } | null;
      try {
        saved = await d.repo.saveMessage(
          {
            sessionId: s.id,
            userId: user.id,
            role: b.role,
            content: b.content,
            contentRag: b.content_rag ?? null,
            order: b.order_num ?? null,
            tokens: countTokens(d.tokenizer, b.content),
            time,
            now: d.now(),
          },
          d.config.bounds.messagesPerSession,
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(CHAT_MSG.orderTaken);
        throw err;
      }
      if (!saved) throw conflict(CHAT_MSG.sessionFull);
      return { session_id: s.id, order: saved.order };
    },

    async tokenUsage(q: { session_id: string; phone: string }): Promise<TokenUsage> {
      let userId: string | undefined;
      if (q.phone) {
        const found = await d.repo.findUserIdByPhone(q.phone);
        if (!found) return { total_tokens: 0, user_tokens: 0, assistant_tokens: 0, estimated_messages: 0, sessions: [] };
        userId = found;
      }
      const rows = await d.repo.tokenUsage({ sessionId: q.session_id || undefined, userId });
      const sessions = rows.map((r) => ({
        session_id: r.sessionId,
        user_tokens: r.userTokens,
        assistant_tokens: r.assistantTokens,
        total_tokens: r.userTokens + r.assistantTokens,
      }));
      const user_tokens = sessions.reduce((a, s) => a + s.user_tokens, 0);
      const assistant_tokens = sessions.reduce((a, s) => a + s.assistant_tokens, 0);
      return {
        total_tokens: user_tokens + assistant_tokens,
        user_tokens,
        assistant_tokens,
        estimated_messages: rows.reduce((a, r) => a + r.estimated, 0),
        sessions,
      };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
