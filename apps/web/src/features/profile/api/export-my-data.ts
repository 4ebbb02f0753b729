import type { accountExportResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** GET /account/export: everything the server holds about the signed-in person (PIPL Art. 45). */
export async function exportMyData() {
  const res = await apiClient.get<Answer<typeof accountExportResponse>>('/account/export', { timeoutMs: 60_000 });
  return res.data;
}
