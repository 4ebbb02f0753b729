import { authResponse, type AuthResponse, type RegisterBody } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export function register(body: RegisterBody): Promise<AuthResponse> {
  return apiClient.post('/auth/register', body, { schema: authResponse });
}
