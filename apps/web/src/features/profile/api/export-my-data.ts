import type { accountExport } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** GET /account/export: everything the server holds about the signed-in person (PIPL Art. 45). */
export async function exportMyData() {
  const res = await apiClient.get<{ success: boolean; message: string; data: Answer<typeof accountExport> }>('/account/export', {
    timeoutMs: 60_000,
  });
  return res.data;
}
