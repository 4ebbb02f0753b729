import type { okMessage } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** Revokes the token server-side; a 401 here only means it was already gone, so it must not bounce to /login. */
export async function logoutRequest(): Promise<void> {
  await apiClient.post<Answer<typeof okMessage>>('/auth/logout', undefined, { skipAuthRedirect: true });
}
