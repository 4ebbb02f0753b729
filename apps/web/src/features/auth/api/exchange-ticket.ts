import type { authResponse, AuthResponse, ticketOwnerResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** Spends the one-time ticket of a `?token=` link for a session of its own (issue 12 item 5). */
export function exchangeTicket(ticket: string): Promise<AuthResponse> {
  return apiClient.post<Answer<typeof authResponse>>('/auth/exchange-ticket', { ticket }, { skipAuthRedirect: true });
}

/** Whether a link's ticket is for the signed-in account itself (then nothing needs to switch); does not spend it. */
export async function ticketIsOwn(ticket: string): Promise<boolean> {
  // A stale stored session answers 401 here; the gate then treats the visitor as signed out instead of bouncing.
  const res = await apiClient.post<Answer<typeof ticketOwnerResponse>>(
    '/auth/sign-in-ticket/check',
    { ticket },
    { skipAuthRedirect: true },
  );
  return res.data.same_account;
}
