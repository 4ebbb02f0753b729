import type { ChatGrounding, ChatNewBody, chatNewResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/**
 * A new chat session grounded in a chart, a year or month of it, or a 合婚 (issue #15). The chat feature owns chats;
 * this is the bazi feature's own call of the endpoint (features never import each other), and the chat page then
 * opens the session by id.
 */
export async function createGroundedChat(type: 'bazi' | 'love', grounding: ChatGrounding, query: string): Promise<string> {
  const body: ChatNewBody = { type, query, grounding };
  const res = await apiClient.post<Answer<typeof chatNewResponse>>('/chat/chat-new', body);
  return res.session_id;
}
