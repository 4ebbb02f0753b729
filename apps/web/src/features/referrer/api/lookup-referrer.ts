import { referrerLookupResponse, type ReferrerView } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

/** GET /referrer/lookup?phone=: whose number this is (masked), so the person can check before binding. */
export async function lookupReferrer(phone: string, signal?: AbortSignal): Promise<ReferrerView | null> {
  const res = await apiClient.get('/referrer/lookup', { params: { phone }, schema: referrerLookupResponse, signal });
  return res.success ? res.data : null;
}
