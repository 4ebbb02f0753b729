import { apiClient } from '@/lib/api-client';

export async function deleteSavedChart(id: string): Promise<void> {
  await apiClient.delete(`/bazi-paipan/charts/${encodeURIComponent(id)}`);
}
