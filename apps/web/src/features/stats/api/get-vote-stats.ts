import type { VoteStats, voteStatsResponse } from '@lingxi/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type Answer } from '@/lib/api-client';

/** GET /stats/votes (admins only): likes and dislikes of replies over every user (issue #16). */
export async function getVoteStats(signal?: AbortSignal): Promise<VoteStats> {
  const res = await apiClient.get<Answer<typeof voteStatsResponse>>('/stats/votes', { signal });
  return res.data;
}

export const useVoteStats = () => useQuery({ queryKey: ['stats', 'votes'], queryFn: ({ signal }) => getVoteStats(signal) });
