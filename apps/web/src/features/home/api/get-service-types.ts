import type { serviceTypeList, ServiceType } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function getServiceTypes(signal?: AbortSignal): Promise<ServiceType[]> {
  const res = await apiClient.get<Answer<typeof serviceTypeList>>('/service-types', { signal });
  return res.data;
}
