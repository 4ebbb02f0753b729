import { z } from 'zod';
import { MEMORY_ITEM_MAX, MEMORY_MSG, SEARCH_QUERY_MAX } from '../rules/memory';
import { envelope } from './common';

export { MEMORY_ITEM_MAX, MEMORY_MSG, MEMORY_SENSITIVE_CONSENT_VERSION, SEARCH_QUERY_MAX, SEARCH_TERMS_MAX } from '../rules/memory';

/** Long-term memory (issue #16, ADR 025): the user's own list, editable in 我的 → 记忆. */
export const memorySource = z.enum(['explicit', 'extracted', 'edited']);
export const memoryItem = z.object({
  id: z.string(),
  content: z.string(),
  /** explicit: the user said 记住…; extracted: the memory job found it in a chat; edited: the user changed it. */
  source: memorySource,
  /** The persona kind it came from: fortune, wellbeing, legal, growth, general. */
  category: z.string(),
  created_at: z.string(),
});
export type MemoryItem = z.infer<typeof memoryItem>;
export const memoryListResponse = envelope(z.array(memoryItem));

const contentField = z
  .string({ error: MEMORY_MSG.contentRequired })
  .trim()
  .min(1, { error: MEMORY_MSG.contentRequired })
  .max(MEMORY_ITEM_MAX, { error: MEMORY_MSG.contentTooLong });
export const memoryEditBody = z.object({ content: contentField });
export const memoryIdParams = z.object({ id: z.uuid({ error: MEMORY_MSG.notFound }) });
export const memoryItemResponse = envelope(memoryItem);
export const memoryDeleteResponse = envelope(z.object({ deleted: z.number().int() }));

export const memorySettings = z.object({
  /** Memory for the ordinary personas (on unless switched off). */
  enabled: z.boolean(),
  /** Memory for the psychology and emotional personas: sensitive, off until consented to. */
  sensitive_enabled: z.boolean(),
  sensitive_consent_at: z.string().nullable(),
  max_items: z.number().int(),
});
export type MemorySettings = z.infer<typeof memorySettings>;
export const memorySettingsResponse = envelope(memorySettings);
export const memorySettingsBody = z
  .object({
    enabled: z.boolean().optional(),
    sensitive_enabled: z.boolean().optional(),
    /** Required (true) to switch sensitive_enabled on: the separate consent to process sensitive personal information. */
    consent: z.boolean().optional(),
  })
  .refine((b) => b.enabled !== undefined || b.sensitive_enabled !== undefined, { error: MEMORY_MSG.settingsEmpty });
export type MemorySettingsBody = z.input<typeof memorySettingsBody>;

/** The user left a chat: the memory job may read it now instead of waiting for it to go quiet. */
export const memorySettleBody = z.object({ session_id: z.string().trim().min(1).max(64) });
export const memorySettleResponse = envelope(z.object({ queued: z.boolean() }));

/** GET /api/chat/search (ADR 026): terms separated by spaces must all occur (substring, case-insensitive). */
export const chatSearchQuery = z.object({
  q: z
    .string({ error: MEMORY_MSG.searchRequired })
    .trim()
    .min(1, { error: MEMORY_MSG.searchRequired })
    .max(SEARCH_QUERY_MAX, { error: MEMORY_MSG.searchTooLong }),
});
export const chatSearchHit = z.object({
  session_id: z.string(),
  order: z.number().int(),
  service_type: z.string(),
  /** A window of the message around the first match. */
  snippet: z.string(),
  /** [start, end) offsets (UTF-16) into snippet of every match, to highlight. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  role: z.enum(['user', 'assistant']),
  session_name: z.string().nullable(),
  timestamp: z.string(),
});
export type ChatSearchHit = z.infer<typeof chatSearchHit>;
export const chatSearchResponse = envelope(z.array(chatSearchHit));
