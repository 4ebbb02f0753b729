import type { referrerLinkResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** The user's own invitation link (GET /referrer/referrer-link/{id}), for the QR code on a share card. */
export async function getShareLink(userId: string, signal?: AbortSignal): Promise<string> {
  const res = await apiClient.get<Answer<typeof referrerLinkResponse>>(`/referrer/referrer-link/${encodeURIComponent(userId)}`, { signal });
  return res.data.link;
}
