import type { ChatSearchHit, chatSearchResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** GET /chat/search: the user's messages across every persona (terms separated by spaces must all occur). */
export async function searchChats(q: string, signal?: AbortSignal): Promise<ChatSearchHit[]> {
  return (await apiClient.get<Answer<typeof chatSearchResponse>>('/chat/search', { params: { q }, signal })).data;
}
