import { myReferralsResponse, referrerLinkResponse } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

/** The invitation link (GET /referrer/referrer-link/{id}) and how many people used it (GET /referrer/my-referrals). */
export async function getInvite(userId: string, signal?: AbortSignal) {
  const [link, referrals] = await Promise.all([
    apiClient.get(`/referrer/referrer-link/${encodeURIComponent(userId)}`, { schema: referrerLinkResponse, signal }),
    apiClient.get('/referrer/my-referrals', { schema: myReferralsResponse, signal }),
  ]);
  return { link: link.data.link, total: referrals.data.total };
}
