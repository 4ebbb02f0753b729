import type { Database } from '../../db/client';
import { containsPattern, searchGrams } from './search';

export interface SearchRow {
  session_id: string;
  order_num: number;
  role: string;
  content: string;
  message_time: Date;
  service_type: string;
  session_name: string | null;
}

/** Matches the GIN index may hand over before a term counts as common. */
const CANDIDATES = 1000;
/** A common term is looked for newest first, this many of the user's messages at a time… */
const WALK_BATCH = 1000;
/** …for at most this many batches. */
const WALK_BATCHES = 20;

/**
 * Every message of the user that holds each term (ADR 026): the GIN index on search_grams narrows to messages holding
 * every character pair of every term, LIKE confirms each term as a substring. Stops at CANDIDATES.
 */
export const SEARCH_CANDIDATES_SQL = `select id from chat_messages
  where user_id = $1::uuid and search_grams @> $2::text[] and lower(content) like all($3::text[])
  limit ${CANDIDATES}`;

/**
 * One batch of the user's messages older than $4, newest first along (user_id, id): the lowest id read, how many,
 * and those that match. For a common term, whose newest matches lie close together.
 */
export const SEARCH_WALK_SQL = `select min(id) as low, count(*)::int as n,
    coalesce(array_agg(id order by id desc) filter (where search_grams @> $2::text[] and lower(content) like all($3::text[])), '{}') as hits
  from (select id, content, search_grams from chat_messages where user_id = $1::uuid and id < $4::int
        order by id desc limit ${WALK_BATCH}) w`;

/** The hits themselves, the caller's own and never of a private chat. */
const ROWS_SQL = `select m.session_id, m.order_num, m.role, m.content, m.message_time, s.service_type, s.session_name
  from chat_messages m join chat_sessions s on s.id = m.session_id
  where m.id = any($1::int[]) and m.user_id = $2::uuid and not s.private
  order by m.id desc`;

const newestFirst = (ids: number[]) => [...new Set(ids)].sort((a, b) => b - a);

/**
 * Search over the caller's messages, newest first. A rare term (fewer than CANDIDATES matches) is answered from the
 * GIN index alone; a common one walks the user's newest messages along the (user_id, id) index until `limit` match,
 * which for a common term is soon — so neither answer reads more than a few thousand rows.
 */
export function createSearchRepository(database: Pick<Database, 'query'>) {
  const q = database.query;
  return {
    async search(userId: string, terms: string[], limit: number): Promise<SearchRow[]> {
      const grams = searchGrams(terms);
      const likes = terms.map(containsPattern);
      const candidates = (await q<{ id: number }>(SEARCH_CANDIDATES_SQL, [userId, grams, likes])).map((r) => r.id);
      let ids: number[];
      if (candidates.length < CANDIDATES) ids = newestFirst(candidates);
      else {
        ids = [];
        let before = 2_147_483_647;
        for (let i = 0; i < WALK_BATCHES && ids.length < limit; i++) {
          const [w] = await q<{ low: number | null; n: number; hits: number[] }>(SEARCH_WALK_SQL, [userId, grams, likes, before]);
          if (!w || w.low === null) break;
          ids.push(...w.hits.map(Number));
          before = Number(w.low);
          if (w.n < WALK_BATCH) break;
        }
        // Matches so sparse among the newest messages that the walk found too few: add the index's (older) ones.
        ids = newestFirst(ids.length < limit ? [...ids, ...candidates] : ids);
      }
      if (!ids.length) return [];
      return q<SearchRow>(ROWS_SQL, [ids.slice(0, limit), userId]);
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
