import type { WechatBindStartData, wechatBindStartResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export class BindParamsMissing extends Error {}

/** POST /auth/wechat-bind-start (bearer). Spec §8: an answer without success or data is '获取微信绑定参数失败'. */
export async function startWechatBind(): Promise<WechatBindStartData> {
  const res = await apiClient.post<Answer<typeof wechatBindStartResponse>>('/auth/wechat-bind-start');
  if (!res?.success || !res.data || !res.data.state) throw new BindParamsMissing('获取微信绑定参数失败');
  return res.data;
}
