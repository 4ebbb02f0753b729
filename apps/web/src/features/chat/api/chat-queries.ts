import { queryOptions } from '@tanstack/react-query';
import { getPersona } from './get-persona';
import { getSessions } from './get-sessions';

/**
 * The chat's reads in the query cache (ADR 013). Keys start with 'chat' and carry everything the answer depends on:
 * the session list is one user's, for one persona.
 */
export const chatQueries = {
  persona: (type: string) =>
    queryOptions({
      queryKey: ['chat', 'persona', type],
      queryFn: ({ signal }) => getPersona(type, signal),
    }),
  sessions: (userId: string, type: string) =>
    queryOptions({
      queryKey: ['chat', 'sessions', userId, type],
      queryFn: () => getSessions({ userId, serviceType: type }),
    }),
};
