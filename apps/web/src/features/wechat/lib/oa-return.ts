import { payEnvironment } from '@/lib/payment/device';

export const OA_RETURN_PARAM = 'wechat_oa';

/** Inside WeChat's own browser, where a QR on the screen cannot be scanned by the phone showing it. */
export const inWechatBrowser = () => payEnvironment() === 'wechat';
/** Any other phone browser: the QR can only be long-pressed or saved and opened in WeChat. */
export const inMobileBrowser = () => payEnvironment() === 'mobile';

/** The state of a returning official-account authorization (`?wechat_oa=`), when it looks like one of ours. */
export function returnedOaState(search: string): string | null {
  const state = new URLSearchParams(search).get(OA_RETURN_PARAM);
  return state && /^[0-9a-f]{32}$/.test(state) ? state : null;
}

/** `pathname + search + hash` of the current address without `wechat_oa`, to replace it with. */
export function withoutOaState(location: { pathname: string; search: string; hash: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete(OA_RETURN_PARAM);
  const qs = params.toString();
  return `${location.pathname}${qs ? `?${qs}` : ''}${location.hash}`;
}
