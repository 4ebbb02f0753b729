import { authResponse, type AuthResponse, type UnifiedLoginBody } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export function unifiedLogin(body: UnifiedLoginBody): Promise<AuthResponse> {
  return apiClient.post('/auth/unified-login', body, { schema: authResponse });
}
