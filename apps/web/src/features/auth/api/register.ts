import type { authResponse, AuthResponse, RegisterBody } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export function register(body: RegisterBody): Promise<AuthResponse> {
  return apiClient.post<Answer<typeof authResponse>>('/auth/register', body);
}
