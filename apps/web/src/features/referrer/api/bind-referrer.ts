import { bindReferrerResponse } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

/** Spec §7: POST /referrer/bind-referrer with the referrer's phone in the query. */
export async function bindReferrer(phone: string) {
  const res = await apiClient.post('/referrer/bind-referrer', undefined, { params: { referrer_id: phone }, schema: bindReferrerResponse });
  return res.data;
}
