import type { paymentMethodsResponse } from '@lingxi/shared';
import { useEffect, useState } from 'react';
import { apiClient, type Answer } from '@/lib/api-client';

/** Spec §8: if the list cannot be loaded, WeChat Pay alone is offered. */
export const FALLBACK_METHODS: Record<string, string> = { wechat: '微信支付' };

export async function getPaymentMethods(signal?: AbortSignal): Promise<Record<string, string>> {
  const res = await apiClient.get<Answer<typeof paymentMethodsResponse>>('/reward/payment-methods', { signal });
  return res.data;
}

/** The methods to offer while `enabled` (the dialog is open); null while loading. */
export function usePaymentMethods(enabled: boolean): Record<string, string> | null {
  const [methods, setMethods] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    if (!enabled || methods) return;
    const controller = new AbortController();
    getPaymentMethods(controller.signal).then(
      (m) => setMethods(Object.keys(m).length ? m : FALLBACK_METHODS),
      () => {
        if (!controller.signal.aborted) setMethods(FALLBACK_METHODS);
      },
    );
    return () => controller.abort();
  }, [enabled, methods]);
  return methods;
}
