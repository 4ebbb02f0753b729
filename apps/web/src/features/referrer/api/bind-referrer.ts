import type { bindReferrerResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** Spec §7: POST /referrer/bind-referrer with the referrer's phone in the query. */
export async function bindReferrer(phone: string) {
  const res = await apiClient.post<Answer<typeof bindReferrerResponse>>('/referrer/bind-referrer', undefined, {
    params: { referrer_id: phone },
  });
  return res.data;
}
