import { apiClient } from '@/lib/api-client';
import { newUuid } from '../lib/uuid';

/** Spec §4: a fresh UUID goes to chat-new; the answer's session_id (top level or under data) wins, else our own id. */
export async function createChat(type: string, query = ''): Promise<string> {
  const key = newUuid();
  const res = await apiClient.post<{ session_id?: string; data?: { session_id?: string } }>('/chat/chat-new', { type, query, key });
  return res?.session_id || res?.data?.session_id || key;
}
