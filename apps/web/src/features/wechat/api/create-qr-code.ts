import { wechatQrCodeResponse, type WechatQrCodeData } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

/** POST /auth/wechat-qr-code: a sign-in QR; the server also sets this browser's creator cookie for the polls. */
export async function createQrCode(): Promise<WechatQrCodeData> {
  const res = await apiClient.post('/auth/wechat-qr-code', undefined, { schema: wechatQrCodeResponse });
  return res.data;
}
