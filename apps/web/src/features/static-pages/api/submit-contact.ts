import type { contactResponse, ContactBody } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function submitContact(body: ContactBody): Promise<{ id: string }> {
  const res = await apiClient.post<Answer<typeof contactResponse>>('/support/contact', body);
  return res.data;
}
