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

/**
 * Search over the caller's messages (ADR 026): the GIN index on search_grams narrows to messages holding every
 * character pair of every term, LIKE confirms each term as a substring. Always scoped to the user; private chats and
 * replies still streaming (no grams yet) are never found. Newest first.
 */
export const SEARCH_SQL = `select m.session_id, m.order_num, m.role, m.content, m.message_time, s.service_type, s.session_name
  from chat_messages m join chat_sessions s on s.id = m.session_id
  where m.user_id = $1::uuid and m.search_grams @> $2::text[] and lower(m.content) like all($3::text[]) and not s.private
  order by m.id desc limit $4::int`;

export function createSearchRepository(database: Pick<Database, 'query'>) {
  return {
    search(userId: string, terms: string[], limit: number): Promise<SearchRow[]> {
      return database.query<SearchRow>(SEARCH_SQL, [userId, searchGrams(terms), terms.map(containsPattern), limit]);
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
