import type { authResponse, AuthResponse, ResetPasswordBody } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** 忘记密码 (issue 19): the reset code and the new password; answers like a sign-in. */
export function resetPassword(body: ResetPasswordBody): Promise<AuthResponse> {
  return apiClient.post<Answer<typeof authResponse>>('/auth/reset-password', body);
}
