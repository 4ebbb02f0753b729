import type { DeepOffer, serviceTypeOne } from '@lingxi/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiClient, type Answer } from '@/lib/api-client';

/** The persona's deep service as sold now (null: only free chat). */
export async function getOffer(type: string, signal?: AbortSignal): Promise<{ title: string; deep: DeepOffer | null }> {
  const res = await apiClient.get<Answer<typeof serviceTypeOne>>(`/service-types/${encodeURIComponent(type)}`, { signal });
  return { title: res.data.title, deep: res.data.deep };
}

export const offerQuery = (type: string) =>
  queryOptions({ queryKey: ['orders', 'offer', type], queryFn: ({ signal }) => getOffer(type, signal), staleTime: 60_000 });
