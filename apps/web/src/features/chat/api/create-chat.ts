import type { ChatNewBody, chatNewResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';
import { newUuid } from '../lib/uuid';

/** Spec §4: a fresh UUID goes to chat-new as the key; the server answers with the session it made (normally that id). */
export async function createChat(type: string, query = '', o: { private?: boolean } = {}): Promise<string> {
  const body: ChatNewBody = { type, query, key: newUuid(), ...(o.private ? { private: true } : {}) };
  const res = await apiClient.post<Answer<typeof chatNewResponse>>('/chat/chat-new', body);
  return res.session_id;
}
