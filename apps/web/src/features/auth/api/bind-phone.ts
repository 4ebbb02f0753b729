import type { bindPhoneResponse, BindPhoneBody } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export function bindPhone(body: BindPhoneBody) {
  return apiClient.post<Answer<typeof bindPhoneResponse>>('/auth/bind-phone', body);
}
