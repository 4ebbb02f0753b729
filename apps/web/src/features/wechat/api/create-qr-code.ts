import type { wechatQrCodeResponse, WechatQrCodeData } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** POST /auth/wechat-qr-code: a sign-in QR; the server also sets this browser's creator cookie for the polls. */
export async function createQrCode(): Promise<WechatQrCodeData> {
  const res = await apiClient.post<Answer<typeof wechatQrCodeResponse>>('/auth/wechat-qr-code', undefined);
  return res.data;
}
