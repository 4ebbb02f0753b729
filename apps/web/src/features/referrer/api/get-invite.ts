import type { myReferralsResponse, referrerLinkResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** The invitation link (GET /referrer/referrer-link/{id}) and how many people used it (GET /referrer/my-referrals). */
export async function getInvite(userId: string, signal?: AbortSignal) {
  const [link, referrals] = await Promise.all([
    apiClient.get<Answer<typeof referrerLinkResponse>>(`/referrer/referrer-link/${encodeURIComponent(userId)}`, { signal }),
    apiClient.get<Answer<typeof myReferralsResponse>>('/referrer/my-referrals', { signal }),
  ]);
  return { link: link.data.link, total: referrals.data.total };
}
