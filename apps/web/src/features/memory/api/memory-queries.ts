import { queryOptions } from '@tanstack/react-query';
import { memoryApi } from './memory-api';

/** Memory reads in the query cache (ADR 013). */
export const memoryQueries = {
  list: () => queryOptions({ queryKey: ['memory', 'list'], queryFn: ({ signal }) => memoryApi.list(signal) }),
  settings: () => queryOptions({ queryKey: ['memory', 'settings'], queryFn: ({ signal }) => memoryApi.settings(signal) }),
};
