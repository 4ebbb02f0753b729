import type { authResponse, AuthResponse, UnifiedLoginBody } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export function unifiedLogin(body: UnifiedLoginBody): Promise<AuthResponse> {
  return apiClient.post<Answer<typeof authResponse>>('/auth/unified-login', body);
}
