import { STORAGE_KEYS } from '@lingxi/shared/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, BAD_RESPONSE_MESSAGE, TIMEOUT_MESSAGE, apiClient, errorMessage, setUnauthorizedHandler } from '../api-client';

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api-client requests', () => {
  it('calls /api with query params, JSON body and the bearer token from localStorage', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, message: 'ok', data: 1 }));
    await apiClient.post('/auth/x', { a: 1 }, { params: { page: 2, q: 'a b', skip: undefined } });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/x?page=2&q=a+b');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('falls back to auth_token and sends no Authorization header without a token', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true }));
    await apiClient.get('/a');
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();

    localStorage.setItem(STORAGE_KEYS.authToken, 'legacy');
    await apiClient.delete('/a');
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer legacy');
    expect(fetchMock.mock.calls[1]![1]?.method).toBe('DELETE');
  });

  it('supports PUT and PATCH', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true }));
    await apiClient.put('/p', { x: 1 });
    await apiClient.patch('/p', { x: 2 });
    expect(fetchMock.mock.calls.map((c) => c[1]?.method)).toEqual(['PUT', 'PATCH']);
  });

  it('returns the JSON answer as sent (the server has checked it against the contract)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, data: { id: 'a' } }));
    expect(await apiClient.get('/s')).toEqual({ success: true, data: { id: 'a' } });
  });

  it('refuses a 2xx answer that is not a JSON envelope with the Chinese bad-response text', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<!doctype html><p>proxy</p>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const error = await failure(apiClient.get('/s'));
    expect(error.kind).toBe('contract');
    expect(error.message).toBe(BAD_RESPONSE_MESSAGE);
  });
});

describe('api-client errors', () => {
  it("words failures 'HTTP {status}: {detail or message}' and keeps body and status", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { success: false, message: '验证码错误' }, 'Bad Request'));
    const error = await failure(apiClient.post('/auth/unified-login', {}));
    expect(error.message).toBe('HTTP 400: 验证码错误');
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ success: false, message: '验证码错误' });
    expect(errorMessage(error, '默认')).toBe('验证码错误');

    fetchMock.mockResolvedValueOnce(jsonResponse(422, { detail: '参数错误', message: '其他' }));
    expect((await failure(apiClient.get('/x'))).message).toBe('HTTP 422: 参数错误');
  });

  it('falls back to the status text when the body is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failure(apiClient.get('/x'));
    expect(error.message).toBe('HTTP 502: Bad Gateway');
    expect(error.body).toEqual({ detail: 'Bad Gateway' });
    // Nobody should read an English status text as the page's error message.
    expect(errorMessage(error, '加载失败')).toBe('加载失败');
  });

  it('treats a 2xx with success:false as a failure carrying the server message', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: false, message: '提交失败' }));
    const error = await failure(apiClient.post('/support/contact', {}));
    expect(errorMessage(error, 'x')).toBe('提交失败');
  });

  it('gives up after 30 s by default with the Chinese timeout text', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = failure(apiClient.get('/slow'));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.message).toBe(TIMEOUT_MESSAGE);
    expect(error.message).toBe('请求超时，请检查网络连接或稍后重试');
  });

  it('honours a per-call timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = failure(apiClient.get('/slow', { timeoutMs: 500 }));
    await vi.advanceTimersByTimeAsync(500);
    expect((await pending).kind).toBe('timeout');
  });

  it('reports a network failure in Chinese', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(apiClient.get('/x'));
    expect(error.message).toBe('网络连接失败，请检查网络后重试');
  });
});

describe('api-client 401 rule', () => {
  const handler = vi.fn();
  beforeEach(() => {
    handler.mockReset();
    setUnauthorizedHandler(handler);
  });

  function storeSession() {
    localStorage.setItem(STORAGE_KEYS.token, 't');
    localStorage.setItem(STORAGE_KEYS.authToken, 't');
    localStorage.setItem(STORAGE_KEYS.userInfo, '{}');
    localStorage.setItem(STORAGE_KEYS.authStorage, JSON.stringify({ state: { token: 't', user: null } }));
  }

  it('clears the stored session and goes to /login on a non-auth page', async () => {
    window.history.replaceState(null, '', '/profile');
    storeSession();
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { success: false, message: '请先登录' }));
    await failure(apiClient.get('/auth/me'));
    expect(handler).toHaveBeenCalledTimes(1);
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.authToken, STORAGE_KEYS.userInfo, STORAGE_KEYS.authStorage]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it.each(['/login', '/register', '/bind-phone', '/x/auth/callback'])('leaves the session alone on the auth page %s', async (page) => {
    window.history.replaceState(null, '', page);
    storeSession();
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { success: false, message: '密码错误' }));
    await failure(apiClient.post('/auth/unified-login', {}));
    expect(handler).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t');
  });

  it('does nothing when no session is stored', async () => {
    window.history.replaceState(null, '', '/');
    localStorage.setItem(STORAGE_KEYS.authStorage, JSON.stringify({ state: { token: null, user: null } }));
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { success: false, message: '请先登录' }));
    await failure(apiClient.get('/auth/me'));
    expect(handler).not.toHaveBeenCalled();
  });

  it('does not log out on 403', async () => {
    window.history.replaceState(null, '', '/profile');
    storeSession();
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { success: false, message: '无权限' }));
    const error = await failure(apiClient.get('/stats/token-usage'));
    expect(error.status).toBe(403);
    expect(handler).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t');
  });
});
