import { REQUEST_TIMEOUT_MS } from '@lingxi/shared/rules';
import type { z } from 'zod';
import { config } from '@/config/env';
import { isAuthPage, paths } from '@/config/paths';
import { clearStoredAuth, hasStoredAuth, readStoredToken } from './auth-storage';

export const TIMEOUT_MESSAGE = '请求超时，请检查网络连接或稍后重试';
export const NETWORK_MESSAGE = '网络连接失败，请检查网络后重试';
export const BAD_RESPONSE_MESSAGE = '服务器响应格式不正确';

/**
 * Every failed call ends here. `status` 0 means no HTTP answer arrived; `kind` tells a refusal the server worded
 * (http, refused) from our own texts (timeout, network, contract).
 */
export type ApiErrorKind = 'http' | 'refused' | 'timeout' | 'network' | 'contract';

/**
 * The answer type of a shared response contract: `apiClient.get<Answer<typeof meResponse>>('/auth/me')`, with the
 * contract imported by `import type`. Only the type travels: the server already checks every 2xx answer against the
 * same contract before sending it, so the browser does not ship zod to check it again (ADR 008).
 */
export type Answer<Contract extends z.ZodType> = z.output<Contract>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly kind: ApiErrorKind;
  constructor(message: string, status: number, body: unknown, kind: ApiErrorKind = 'http') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.kind = kind;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** Defaults to 30 s (spec §9); long calls such as chat pass their own. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** For calls whose 401 is expected (logout of an already revoked token) and must not bounce to /login. */
  skipAuthRedirect?: boolean;
}

let onUnauthorized: () => void = () => window.location.assign(paths.login);

/** The app registers a router-aware handler; the default full reload is the safe fallback before that. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const url = `${config.apiBaseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function field(body: unknown, key: string): string | undefined {
  if (body && typeof body === 'object' && key in body) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

function httpError(response: Response, parsed: unknown): ApiError {
  const body = parsed ?? { detail: response.statusText || 'request failed' };
  const reason = field(body, 'detail') ?? field(body, 'message') ?? (response.statusText || 'request failed');
  return new ApiError(`HTTP ${response.status}: ${reason}`, response.status, body);
}

function handleUnauthorized(options: RequestOptions): void {
  if (options.skipAuthRedirect || isAuthPage(window.location.pathname) || !hasStoredAuth()) return;
  clearStoredAuth();
  onUnauthorized();
}

export async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError(TIMEOUT_MESSAGE, 0, null, 'timeout');
    // A caller's own abort (unmount, new search) is not a failure to report; rethrow it untouched.
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_MESSAGE, 0, null, 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  const body = await readBody(response);
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized(options);
    throw httpError(response, body);
  }
  // A 2xx carrying success:false is still a refusal (spec §7, contact); keep the server's wording.
  if (body && typeof body === 'object' && (body as { success?: unknown }).success === false) {
    throw new ApiError(`HTTP ${response.status}: ${field(body, 'message') ?? 'request failed'}`, response.status, body, 'refused');
  }
  // Every API answer is a JSON envelope; anything else (a proxy's HTML page, an empty body) is not ours to read.
  if (body === null || typeof body !== 'object') throw new ApiError(BAD_RESPONSE_MESSAGE, response.status, body, 'contract');
  return body as T;
}

type Opts = Omit<RequestOptions, 'body'>;

export const apiClient = {
  get: <T = unknown>(path: string, options?: Opts) => request<T>('GET', path, options),
  delete: <T = unknown>(path: string, options?: Opts) => request<T>('DELETE', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: Opts) => request<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Opts) => request<T>('PUT', path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Opts) => request<T>('PATCH', path, { ...options, body }),
};

/**
 * The text to show a person for a failed call: the server's own (Chinese) message when it sent one, our Chinese
 * timeout/network text, else the caller's fallback — never a raw 'HTTP 500: Internal Server Error'.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.kind === 'http' || error.kind === 'refused') return field(error.body, 'message') ?? fallback;
    return error.message;
  }
  return fallback;
}
