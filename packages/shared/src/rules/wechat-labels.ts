/** Spec §2 profile: miniprogram → 小程序, mp → 公众号, any other raw type, missing → 未知. web is our own website app. */
export const WECHAT_TYPE_LABELS: Record<string, string> = { miniprogram: '小程序', mp: '公众号', web: '网站应用' };
export function wechatTypeLabel(type: string | null | undefined): string {
  if (!type) return '未知';
  return WECHAT_TYPE_LABELS[type] ?? type;
}
