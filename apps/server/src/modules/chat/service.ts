import { randomUUID } from 'node:crypto';
import {
  CHAT_MSG,
  DEFAULT_CHAT_TYPE,
  type ChatMessage,
  type PersonaPublic,
  type SessionDetail,
  type SessionSummary,
  type TokenUsage,
} from '@lingxi/shared';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { ServiceTypeRepository } from '../service-types';
import type { ChatConfig } from './config';
import { findPersona, GENERAL_PERSONA_KEY, type Persona } from './personas';
import type { ChatRepository, MessageRow } from './repository';
import { isUniqueViolation } from './repository';
import { sessionNameFrom } from './session-name';
import { countTokens, loadTokenizer } from './tokens';
import type { TurnRunner } from './turn';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sessions, messages, personas and token statistics. Every session read or write is scoped to the caller. */
export function createChatService(d: {
  repo: ChatRepository;
  serviceTypes: ServiceTypeRepository;
  config: ChatConfig;
  now: () => Date;
  turns: () => TurnRunner;
}) {
  /**
   * A persona for a service type: the built-in one (title as edited in the catalogue), the general persona for
   * 'defaultai' and for catalogue types added later without a persona of their own; null for unknown types.
   */
  // The catalogue changes only with a deploy or an admin edit; a minute-old title is fine and saves a query per turn.
  const catalogue = new Map<string, { at: number; row: Awaited<ReturnType<ServiceTypeRepository['find']>> }>();
  async function listedType(key: string) {
    const hit = catalogue.get(key);
    if (hit && Date.now() - hit.at < 60_000) return hit.row;
    const row = await d.serviceTypes.find(key);
    if (catalogue.size > 500) catalogue.clear();
    catalogue.set(key, { at: Date.now(), row });
    return row;
  }

  async function resolvePersona(type: string): Promise<{ persona: Persona; title: string } | null> {
    const own = findPersona(type);
    const lookupKey = type === DEFAULT_CHAT_TYPE ? GENERAL_PERSONA_KEY : type;
    const listed = await listedType(lookupKey);
    if (own) return { persona: own, title: listed?.title ?? own.title };
    if (!listed) return null;
    const general = findPersona(GENERAL_PERSONA_KEY)!;
    return { persona: { ...general, key: listed.key, title: listed.title }, title: listed.title };
  }

  async function ownSession(user: UserRow, sessionId: string) {
    const s = await d.repo.findOwnSession(sessionId, user.id);
    if (!s) throw notFound(CHAT_MSG.sessionNotFound);
    return s;
  }

  /**
   * A message still marked 'streaming' that no process is writing any more (server restarted mid-reply) must not
   * spin forever in the client: past the longest possible reply it reads as aborted.
   */
  const staleAfterMs = d.config.maxDurationMs + 60_000;
  const toMessage = (m: MessageRow): ChatMessage => ({
    order: m.orderNum,
    role: m.role === 'assistant' ? 'assistant' : 'user',
    content: m.content,
    timestamp: m.messageTime.toISOString(),
    status:
      m.status === 'streaming' && d.now().getTime() - m.updatedAt.getTime() > staleAfterMs
        ? 'aborted'
        : (m.status as ChatMessage['status']),
    safety: { crisis: m.crisis },
    model: m.role === 'assistant' ? m.model : null,
    tokens: m.tokens,
    tokens_estimated: m.tokensEstimated,
  });

  return {
    resolvePersona,

    async persona(type: string): Promise<PersonaPublic> {
      const r = await resolvePersona(type);
      if (!r) throw notFound(CHAT_MSG.serviceTypeNotFound);
      return {
        key: type,
        title: r.title,
        greeting: r.persona.greeting,
        suggested_questions: [...r.persona.suggestedQuestions],
        disclaimer: r.persona.safety.disclaimer,
      };
    },

    /** The client's UUID becomes the session id when it is a UUID nobody uses; a retry of one's own key is idempotent. */
    async newChat(user: UserRow, body: { type: string; query: string; key?: string | null }) {
      if (!(await resolvePersona(body.type))) throw badRequest(CHAT_MSG.serviceTypeNotFound);
      const name = sessionNameFrom(body.query);
      const wanted = body.key && UUID.test(body.key) ? body.key.toLowerCase() : null;
      if (wanted) {
        const existing = await d.repo.findSession(wanted);
        if (existing?.userId === user.id && existing.serviceType === body.type)
          return { session_id: existing.id, session_name: existing.sessionName };
      }
      for (const id of [wanted, randomUUID(), randomUUID()]) {
        if (!id) continue;
        const row = await d.repo.createSession({ id, userId: user.id, serviceType: body.type, sessionName: name, now: d.now() });
        if (row) return { session_id: row.id, session_name: row.sessionName };
      }
      throw conflict('创建对话失败，请重试');
    },

    async list(user: UserRow, serviceType?: string): Promise<SessionSummary[]> {
      const rows = await d.repo.listSessions(user.id, serviceType?.trim() || undefined);
      return rows.map((s) => ({
        session_id: s.id,
        session_name: s.sessionName,
        service_type: s.serviceType,
        updated_at: s.updatedAt.toISOString(),
      }));
    },

    async detail(user: UserRow, sessionId: string): Promise<SessionDetail> {
      const s = await ownSession(user, sessionId);
      const messages = await d.repo.listMessages(s.id);
      return { session_id: s.id, session_name: s.sessionName, service_type: s.serviceType, messages: messages.map(toMessage) };
    },

    async rename(user: UserRow, sessionId: string, name: string) {
      if (!(await d.repo.renameSession(sessionId, user.id, name, d.now()))) throw notFound(CHAT_MSG.sessionNotFound);
      return { session_id: sessionId, session_name: name };
    },

    async remove(user: UserRow, sessionId: string) {
      await ownSession(user, sessionId);
      d.turns().stop(sessionId, 'deleted');
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
      const order = b.order_num ?? (await d.repo.nextOrder(s.id));
      const parsed = b.message_time ? new Date(b.message_time) : null;
      const time = parsed && !Number.isNaN(parsed.getTime()) ? parsed : d.now();
      const tokens = countTokens(await loadTokenizer(), b.content);
      try {
        await d.repo.insertMessage({
          sessionId: s.id,
          userId: user.id,
          role: b.role,
          content: b.content,
          contentRag: b.content_rag ?? null,
          order,
          tokens,
          time,
          now: d.now(),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(CHAT_MSG.orderTaken);
        throw err;
      }
      await d.repo.touchSession(s.id, d.now());
      return { session_id: s.id, order };
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
