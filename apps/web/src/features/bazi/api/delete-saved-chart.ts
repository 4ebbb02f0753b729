import type { baziDeleteResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function deleteSavedChart(id: string): Promise<void> {
  await apiClient.delete<Answer<typeof baziDeleteResponse>>(`/bazi-paipan/charts/${encodeURIComponent(id)}`);
}
