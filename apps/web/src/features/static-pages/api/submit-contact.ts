import { contactResponse, type ContactBody } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export async function submitContact(body: ContactBody): Promise<{ id: string }> {
  const res = await apiClient.post('/support/contact', body, { schema: contactResponse });
  return res.data;
}
