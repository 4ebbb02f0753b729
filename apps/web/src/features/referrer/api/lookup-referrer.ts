import type { referrerLookupResponse, ReferrerView } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** GET /referrer/lookup?phone=: whose number this is (masked), so the person can check before binding. */
export async function lookupReferrer(phone: string, signal?: AbortSignal): Promise<ReferrerView | null> {
  const res = await apiClient.get<Answer<typeof referrerLookupResponse>>('/referrer/lookup', { params: { phone }, signal });
  return res.success ? res.data : null;
}
