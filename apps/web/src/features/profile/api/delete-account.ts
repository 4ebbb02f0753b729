import type { deleteAccountResponse, sendSmsCodeResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** The confirmation code for deletion goes to the account's own phone (SMS purpose 'delete'). */
export async function sendDeleteCode(phone: string) {
  const res = await apiClient.post<Answer<typeof sendSmsCodeResponse>>('/auth/send-sms-code', { phone, type: 'delete' });
  return res.data;
}

/** POST /account/delete {code}: erases the account; every session ends with it. */
export async function deleteAccount(code: string) {
  const res = await apiClient.post<Answer<typeof deleteAccountResponse>>('/account/delete', { code });
  return res.data;
}
