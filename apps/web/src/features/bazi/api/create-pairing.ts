import type { BaziPairing, baziPairingResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** 合婚 of two saved charts; `partnerConsent` is the user's tick that the other person agreed. */
export async function createPairing(chartId: string, partnerChartId: string, partnerConsent: boolean): Promise<BaziPairing> {
  const res = await apiClient.post<Answer<typeof baziPairingResponse>>('/bazi-paipan/pairings', {
    chart_id: chartId,
    partner_chart_id: partnerChartId,
    partner_consent: partnerConsent,
  });
  return res.data;
}
