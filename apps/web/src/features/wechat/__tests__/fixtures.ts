import { jsonResponse, testUser } from '@/test/fixtures';

export const baseUser = testUser;
export const json = jsonResponse;

export const qrData = {
  appid: 'wxsandbox',
  redirect_uri: 'http://localhost/api/auth/wechat-callback',
  scope: 'snsapi_login',
  qr_code_id: 'a'.repeat(32),
  qr_code_url: 'http://localhost/api/sandbox/wechat/connect/qrconnect?state=aaa#wechat_redirect',
  qr_image: 'data:image/png;base64,AAAA',
  login_js_url: null,
  expires_in: 300,
};
export const qrResponse = () => json(200, { success: true, message: '二维码已生成', data: qrData, ...qrData });
export const statusResponse = (status: string, extra: object = {}) =>
  json(200, { success: true, message: '成功', status, data: { status, intent: 'login', ...extra }, ...extra });

/** Answers by URL so the order of polls and logins does not matter. */
export function route(
  fetchMock: { mockImplementation: (fn: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) => unknown },
  table: Record<string, () => Response | Promise<Response>>,
) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    const key = Object.keys(table).find((k) => url.includes(k));
    if (!key) throw new Error(`unexpected fetch ${url}`);
    return table[key]!();
  });
}
