import { serviceTypeList, type ServiceType } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export async function getServiceTypes(signal?: AbortSignal): Promise<ServiceType[]> {
  const res = await apiClient.get('/service-types', { schema: serviceTypeList, signal });
  return res.data;
}
