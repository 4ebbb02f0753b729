import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { UserInfo } from '@lingxi/shared';

/** The signed-in user most component tests start from; spread and override what a test is about. */
export const testUser: UserInfo = {
  id: 'u1',
  phone: '13800138000',
  username: '小灵',
  name: '小灵',
  referrer_id: null,
  openid: null,
  unionid: null,
  wechat_nickname: null,
  binding_status: { has_wechat: false, wechat_accounts: [] },
  is_admin: false,
  created_at: '2026-01-02T03:04:05.000Z',
};

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A mocked global fetch (and fake timers) for every test of the calling file; `advance` moves the fake clock and lets
 * the promises it released settle inside act().
 */
export function mockFetchAndTimers() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });
  const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
  return { fetchMock, advance };
}
