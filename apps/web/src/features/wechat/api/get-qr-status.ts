import { wechatQrStatusResponse, type WechatQrStatusData } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export async function getQrStatus(qrCodeId: string, signal?: AbortSignal): Promise<WechatQrStatusData> {
  const res = await apiClient.get(`/auth/wechat-qr-status/${encodeURIComponent(qrCodeId)}`, { schema: wechatQrStatusResponse, signal });
  return res.data;
}
