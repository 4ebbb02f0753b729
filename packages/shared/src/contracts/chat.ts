import { z } from 'zod';
import { PHONE_PATTERN, normalizePhone } from '../validation';
import {
  CHAT_MSG,
  CHAT_QUERY_MAX,
  SAVE_CONTENT_MAX,
  SAVE_CONTENT_RAG_MAX,
  SESSION_NAME_MAX,
  SESSION_PAGE_DEFAULT,
  SESSION_PAGE_MAX,
} from '../rules/chat-limits';
import { chatGrounding } from './chat-grounding';
import { envelope } from './common';

/** Spec §7 Chat, §3 chat entities. One contract for the server's validation and the web client's types. */

// The zod-free limits and texts live in rules/ so the web can use them without bundling zod (ADR 008); re-exported unchanged.
export {
  CHAT_MSG,
  CHAT_QUERY_MAX,
  SAVE_CONTENT_MAX,
  SAVE_CONTENT_RAG_MAX,
  SESSION_NAME_FROM_QUERY,
  SESSION_NAME_MAX,
  SESSION_PAGE_DEFAULT,
  SESSION_PAGE_MAX,
} from '../rules/chat-limits';

export const chatRole = z.enum(['user', 'assistant'], { error: CHAT_MSG.roleInvalid });
export type ChatRole = z.infer<typeof chatRole>;
/**
 * A reply keeps its status so a refresh mid-stream shows what has arrived (streaming), and a stop keeps its text.
 * 'blocked': moderation stopped the reply; its content is the safe replacement text, never the blocked words.
 */
export const messageStatus = z.enum(['streaming', 'done', 'aborted', 'error', 'blocked']);
export type MessageStatus = z.infer<typeof messageStatus>;

const typeField = z
  .string({ error: CHAT_MSG.typeRequired })
  .trim()
  .min(1, { error: CHAT_MSG.typeRequired })
  .max(64, { error: CHAT_MSG.serviceTypeNotFound });
const sessionIdField = z
  .string({ error: CHAT_MSG.sessionRequired })
  .trim()
  .min(1, { error: CHAT_MSG.sessionRequired })
  .max(64, { error: CHAT_MSG.sessionNotFound });

export const chatNewBody = z.object({
  type: typeField,
  query: z.string().max(CHAT_QUERY_MAX, { error: CHAT_MSG.queryTooLong }).optional().default(''),
  /** A client-generated UUID; used as the session id when valid and unused. */
  key: z.string().max(64).optional().nullable(),
  /** A saved chart (or a year or month of it) or a 合婚 pairing to ground the session in (issue #15). */
  grounding: chatGrounding.optional(),
  /** 无痕对话: not listed, not searched, no memory; deleted when closed or left idle (issue #16). */
  private: z.boolean().optional().default(false),
});
export type ChatNewBody = z.input<typeof chatNewBody>;
export const chatNewResponse = envelope(z.object({ session_id: z.string(), session_name: z.string().nullable() })).extend({
  session_id: z.string(),
});

/** key is the session id (spec §7). regenerate replaces the last assistant reply; query may then be empty. */
export const chatTurnBody = z
  .object({
    type: typeField,
    query: z.string().max(CHAT_QUERY_MAX, { error: CHAT_MSG.queryTooLong }).optional().default(''),
    key: sessionIdField,
    regenerate: z.boolean().optional().default(false),
  })
  .refine((b) => b.regenerate || b.query.trim().length > 0, { error: CHAT_MSG.queryRequired, path: ['query'] });
export type ChatTurnBody = z.input<typeof chatTurnBody>;

export const modelInfo = z.object({ provider: z.string(), model: z.string() });
export type ModelInfo = z.infer<typeof modelInfo>;
export const safetyInfo = z.object({ crisis: z.boolean() });
export type SafetyInfo = z.infer<typeof safetyInfo>;

/** A deep session's deep replies left, as a turn saw or left them (absent or null: not a deep session). */
export const deepTurnInfo = z.object({ remaining: z.number().int() });
export type DeepTurnInfo = z.infer<typeof deepTurnInfo>;

/** The JSON of the stream's `final` event, and the data of the non-streaming answer. */
export const chatFinal = z.object({
  content: z.string(),
  role: z.literal('assistant'),
  model_info: modelInfo,
  status: messageStatus,
  order: z.number().int(),
  session_id: z.string(),
  safety: safetyInfo,
  /** After a deep reply: what is left once this one is counted (a completed reply counts, a failed or stopped one not). */
  deep: deepTurnInfo.nullable().optional(),
  /**
   * Up to three short follow-up questions to tap (issue #16); only after a completed reply. The non-streaming answer
   * carries them here; a stream sends them after `final`, in a `follow_ups` event.
   */
  follow_ups: z.array(z.string()).max(3).optional(),
  /** used: the reply's context carried the user's memory (参考了你的记忆); saved: a 记住… request stored now. */
  memory: z.object({ used: z.boolean(), saved: z.string().nullable() }).optional(),
});
export type ChatFinal = z.infer<typeof chatFinal>;
export const chatResponse = envelope(chatFinal);

/** Sent once at the start of a stream, before any text (typed event `meta`). */
export const chatStreamMeta = z.object({
  session_id: z.string(),
  order: z.number().int(),
  safety: safetyInfo,
  model_info: modelInfo,
  /** A deep reply: the deep replies left before it. */
  deep: deepTurnInfo.nullable().optional(),
});
export type ChatStreamMeta = z.infer<typeof chatStreamMeta>;
/** Sent instead of `final` when the reply failed after the stream began (typed event `error`). */
export const chatStreamError = z.object({ message: z.string(), code: z.enum(['timeout', 'upstream', 'internal']) });
export type ChatStreamError = z.infer<typeof chatStreamError>;
/**
 * Sent after `final`, on the same stream, when the completed reply has follow-up questions (typed event `follow_ups`,
 * issue #16): the reply is settled for the user first, the chips follow from a second short model call.
 */
export const chatStreamFollowUps = z.object({ order: z.number().int(), follow_ups: z.array(z.string()).max(3) });
export type ChatStreamFollowUps = z.infer<typeof chatStreamFollowUps>;

export const sessionListQuery = z.object({
  user_id: z.string().max(64).optional(),
  service_type: z.string().max(64).optional(),
  main_type: z.string().max(64).optional(),
});
export const sessionSummary = z.object({
  session_id: z.string(),
  session_name: z.string().nullable(),
  service_type: z.string(),
  updated_at: z.string(),
  /** A deep-service session: its deep replies left (null: a free session). */
  deep_left: z.number().int().nullable().optional(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;
export const sessionListResponse = envelope(z.array(sessionSummary));

export const sessionIdQuery = z.object({ session_id: sessionIdField });
/**
 * A page of a session's messages, oldest first: the newest `limit` by default, or the `limit` just before order
 * `before` (the `order` of the oldest message the client holds).
 */
export const sessionDetailQuery = sessionIdQuery.extend({
  before: z.coerce
    .number({ error: CHAT_MSG.pageInvalid })
    .int({ error: CHAT_MSG.pageInvalid })
    .min(1, { error: CHAT_MSG.pageInvalid })
    .max(2_000_000_000, { error: CHAT_MSG.pageInvalid })
    .optional(),
  limit: z.coerce
    .number({ error: CHAT_MSG.pageInvalid })
    .int({ error: CHAT_MSG.pageInvalid })
    .min(1, { error: CHAT_MSG.pageInvalid })
    .max(SESSION_PAGE_MAX, { error: CHAT_MSG.pageInvalid })
    .optional()
    .default(SESSION_PAGE_DEFAULT),
});
export type SessionDetailQuery = z.input<typeof sessionDetailQuery>;
export const chatMessage = z.object({
  order: z.number().int(),
  role: chatRole,
  content: z.string(),
  timestamp: z.string(),
  status: messageStatus,
  safety: safetyInfo,
  model: z.string().nullable(),
  tokens: z.number().int(),
  tokens_estimated: z.boolean(),
  /** A reply's follow-up questions, as its final event carried them (issue #16). */
  follow_ups: z.array(z.string()).max(3).optional(),
  /** The caller's own like or dislike of a reply (issue #16). */
  vote: z.enum(['up', 'down']).nullable().optional(),
  /** The reply's context carried the user's long-term memory. */
  memory_used: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;
/** The paid deep service a session belongs to (深度服务): replies left, and its saved 深度总结. */
export const deepSessionInfo = z.object({
  order_id: z.string(),
  title: z.string(),
  replies_total: z.number().int(),
  replies_left: z.number().int(),
  summary: z.string().nullable(),
  summary_at: z.string().nullable(),
  /** How many more summaries may be asked for (each is a model call). */
  summaries_left: z.number().int(),
});
export type DeepSessionInfo = z.infer<typeof deepSessionInfo>;

export const sessionDetail = z.object({
  session_id: z.string(),
  session_name: z.string().nullable(),
  service_type: z.string(),
  messages: z.array(chatMessage),
  /** Older messages exist: ask again with `before` = the first message's order. */
  has_more: z.boolean(),
  /** Set on a deep-service session, null on a free one. */
  deep: deepSessionInfo.nullable().optional(),
  /** A 无痕对话 (private chat). */
  private: z.boolean().optional(),
});
export type SessionDetail = z.infer<typeof sessionDetail>;
/** Each message once, under data (it used to be repeated at the top level). */
export const sessionDetailResponse = envelope(sessionDetail);

const EARLIEST_MESSAGE_TIME = Date.UTC(2000, 0, 1);
const DAY_MS = 86_400_000;
/**
 * A date the database can hold and a chat can have: from 2000 to a day ahead of now (clock skew). Anything else
 * (0000-01-01 made the insert fail with a 500) is refused here with a clear message.
 */
const messageTimeField = z
  .string()
  .max(40, { error: CHAT_MSG.messageTimeInvalid })
  .refine(
    (s) => {
      if (s === '') return true;
      const t = Date.parse(s);
      return Number.isFinite(t) && t >= EARLIEST_MESSAGE_TIME && t <= Date.now() + DAY_MS;
    },
    { error: CHAT_MSG.messageTimeInvalid },
  );

export const saveMessageBody = z.object({
  session_id: sessionIdField,
  /** Ignored: a message is always saved as the caller's own. */
  user_id: z.union([z.string(), z.number()]).optional().nullable(),
  role: chatRole,
  content: z.string({ error: CHAT_MSG.contentRequired }).max(SAVE_CONTENT_MAX, { error: CHAT_MSG.contentTooLong }),
  content_rag: z.string().max(SAVE_CONTENT_RAG_MAX, { error: CHAT_MSG.contentRagTooLong }).optional().nullable(),
  order_num: z.number().int().min(0).max(1_000_000).optional().nullable(),
  message_time: messageTimeField.optional().nullable(),
});
export type SaveMessageBody = z.input<typeof saveMessageBody>;
export const saveMessageResponse = envelope(z.object({ session_id: z.string(), order: z.number().int() }));

export const renameSessionBody = z.object({
  session_id: sessionIdField,
  session_name: z
    .string({ error: CHAT_MSG.nameRequired })
    .trim()
    .min(1, { error: CHAT_MSG.nameRequired })
    .max(SESSION_NAME_MAX, { error: CHAT_MSG.nameTooLong }),
});
export type RenameSessionBody = z.input<typeof renameSessionBody>;
export const renameSessionResponse = envelope(z.object({ session_id: z.string(), session_name: z.string() }));
export const deleteHistoryResponse = envelope(z.object({ session_id: z.string() }));

/** POST /api/chat/deep-summary: the 深度总结 of a deep session, written by the model and saved with it. */
export const deepSummaryBody = z.object({ session_id: sessionIdField });
export const deepSummary = z.object({ summary: z.string(), summary_at: z.string(), summaries_left: z.number().int() });
export type DeepSummary = z.infer<typeof deepSummary>;
export const deepSummaryResponse = envelope(deepSummary);

/** What the client may know of a persona: never its system prompt. */
export const personaParams = z.object({ type: typeField });
export const personaPublic = z.object({
  key: z.string(),
  title: z.string(),
  greeting: z.string(),
  suggested_questions: z.array(z.string()),
  disclaimer: z.string(),
  /** An emotional companion persona: the 你正在和AI对话 notice is acknowledged before it answers (issue #13). */
  companion: z.boolean(),
  /** The type's colour in the catalogue (share cards, issue #16). */
  color: z.string().nullable().optional(),
});
export type PersonaPublic = z.infer<typeof personaPublic>;
export const personaResponse = envelope(personaPublic);

export const tokenUsageQuery = z
  .object({
    session_id: z.string().trim().max(64, { error: CHAT_MSG.sessionNotFound }).optional().default(''),
    phone: z
      .string()
      .trim()
      .transform(normalizePhone)
      .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: '请输入正确的手机号' })
      .optional()
      .default(''),
  })
  .refine((q) => q.session_id !== '' || q.phone !== '', { error: CHAT_MSG.statsQueryRequired });
export const sessionTokens = z.object({
  session_id: z.string(),
  user_tokens: z.number().int(),
  assistant_tokens: z.number().int(),
  total_tokens: z.number().int(),
});
export const tokenUsage = z.object({
  total_tokens: z.number().int(),
  user_tokens: z.number().int(),
  assistant_tokens: z.number().int(),
  /** Messages whose count was estimated with the tokenizer because the provider reported no usage. */
  estimated_messages: z.number().int(),
  sessions: z.array(sessionTokens),
});
export type TokenUsage = z.infer<typeof tokenUsage>;
export const tokenUsageResponse = envelope(tokenUsage).extend(tokenUsage.shape);

/** Like or dislike one reply of one's own session (issue #16); null takes the vote back. One vote per user and reply. */
export const messageVote = z.enum(['up', 'down']);
export type MessageVote = z.infer<typeof messageVote>;
export const messageVoteBody = z.object({
  session_id: sessionIdField,
  order: z
    .number({ error: CHAT_MSG.orderInvalid })
    .int({ error: CHAT_MSG.orderInvalid })
    .min(1, { error: CHAT_MSG.orderInvalid })
    .max(2_000_000_000, { error: CHAT_MSG.orderInvalid }),
  vote: messageVote.nullable(),
});
export type MessageVoteBody = z.infer<typeof messageVoteBody>;
export const messageVoteResult = z.object({ session_id: z.string(), order: z.number().int(), vote: messageVote.nullable() });
export const messageVoteResponse = envelope(messageVoteResult);
/** The admin statistics' count of likes and dislikes of replies. */
export const voteStats = z.object({ up: z.number().int(), down: z.number().int(), replies_voted: z.number().int() });
export type VoteStats = z.infer<typeof voteStats>;
export const voteStatsResponse = envelope(voteStats);
