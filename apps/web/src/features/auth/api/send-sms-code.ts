import { sendSmsCodeResponse, type SendSmsCodeBody } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export async function sendSmsCode(body: SendSmsCodeBody) {
  const res = await apiClient.post('/auth/send-sms-code', body, { schema: sendSmsCodeResponse });
  return res.data;
}
