import type { BaziPairing, baziPairingResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function getPairing(id: string, signal?: AbortSignal): Promise<BaziPairing> {
  const res = await apiClient.get<Answer<typeof baziPairingResponse>>(`/bazi-paipan/pairings/${encodeURIComponent(id)}`, { signal });
  return res.data;
}
