import type { wechatQrStatusResponse, WechatQrStatusData } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function getQrStatus(qrCodeId: string, signal?: AbortSignal): Promise<WechatQrStatusData> {
  const res = await apiClient.get<Answer<typeof wechatQrStatusResponse>>(`/auth/wechat-qr-status/${encodeURIComponent(qrCodeId)}`, {
    signal,
  });
  return res.data;
}
