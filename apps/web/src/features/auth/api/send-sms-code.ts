import type { sendSmsCodeResponse, SendSmsCodeBody } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function sendSmsCode(body: SendSmsCodeBody) {
  const res = await apiClient.post<Answer<typeof sendSmsCodeResponse>>('/auth/send-sms-code', body);
  return res.data;
}
