import { SESSION_NAME_FROM_QUERY } from '@lingxi/shared';

/** A session is named from its first question: whitespace collapsed, cut to 20 characters (code points). */
export function sessionNameFrom(query: string): string | null {
  const chars = Array.from(query.replace(/\s+/g, ' ').trim());
  if (!chars.length) return null;
  return chars.length > SESSION_NAME_FROM_QUERY ? `${chars.slice(0, SESSION_NAME_FROM_QUERY).join('')}…` : chars.join('');
}

/**
 * What an unnamed session (a new chat with no question yet) is called in lists: 新对话 and when it was opened, in
 * Beijing time, rather than its raw id. Its first question names it for good.
 */
export function defaultSessionName(createdAt: Date): string {
  const t = new Date(createdAt.getTime() + 8 * 3_600_000).toISOString();
  return `新对话 ${t.slice(5, 10)} ${t.slice(11, 16)}`;
}
