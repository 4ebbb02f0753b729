import type { authResponse, AuthResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** Spends the one-time ticket of a `?token=` link for a session of its own (issue 12 item 5). */
export function exchangeTicket(ticket: string): Promise<AuthResponse> {
  return apiClient.post<Answer<typeof authResponse>>('/auth/exchange-ticket', { ticket }, { skipAuthRedirect: true });
}
