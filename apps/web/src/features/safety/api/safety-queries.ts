import { queryOptions } from '@tanstack/react-query';
import { safetyApi } from './safety-api';

/** Safety reads in the query cache (ADR 013). */
export const safetyQueries = {
  status: () => queryOptions({ queryKey: ['safety', 'status'], queryFn: ({ signal }) => safetyApi.status(signal) }),
  myReports: () => queryOptions({ queryKey: ['safety', 'my-reports'], queryFn: ({ signal }) => safetyApi.myReports(signal) }),
};
