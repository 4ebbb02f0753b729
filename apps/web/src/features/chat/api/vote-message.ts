import type { MessageVote, messageVoteResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** PUT /chat/message-vote: like or dislike one reply of one's own session; null takes the vote back. */
export async function voteMessage(sessionId: string, order: number, vote: MessageVote | null) {
  const res = await apiClient.put<Answer<typeof messageVoteResponse>>('/chat/message-vote', { session_id: sessionId, order, vote });
  return res.data.vote;
}
