import { SESSION_NAME_FROM_QUERY } from '@lingxi/shared';

/** A session is named from its first question: whitespace collapsed, cut to 20 characters (code points). */
export function sessionNameFrom(query: string): string | null {
  const chars = Array.from(query.replace(/\s+/g, ' ').trim());
  if (!chars.length) return null;
  return chars.length > SESSION_NAME_FROM_QUERY ? `${chars.slice(0, SESSION_NAME_FROM_QUERY).join('')}…` : chars.join('');
}
