import { accountExport, envelope } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

const exportResponse = envelope(accountExport);

/** GET /account/export: everything the server holds about the signed-in person (PIPL Art. 45). */
export async function exportMyData() {
  const res = await apiClient.get('/account/export', { schema: exportResponse, timeoutMs: 60_000 });
  return res.data;
}
