import { bindPhoneResponse, type BindPhoneBody } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export function bindPhone(body: BindPhoneBody) {
  return apiClient.post('/auth/bind-phone', body, { schema: bindPhoneResponse });
}
