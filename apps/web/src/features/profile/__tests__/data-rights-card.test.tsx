import type { UserInfo } from '@lingxi/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { DataRightsCard } from '../components/data-rights-card';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const user: UserInfo = {
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
const exported = {
  format_version: 2,
  exported_at: '2026-11-22T00:00:00.000Z',
  account: { id: 'u1' },
  sessions: [],
  wechat_identities: [],
  referrer: { referrer_phone: null, referrals: [] },
  chats: [],
  bazi_charts: [],
  payment_orders: [],
  tips: [],
  consent_records: [],
  sms_log: [],
  contact_messages: [],
};
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

function renderCard(u: UserInfo = user) {
  const onDeleted = vi.fn();
  render(
    <AppProvider>
      <DataRightsCard user={u} onDeleted={onDeleted} />
    </AppProvider>,
  );
  return { onDeleted };
}

describe('personal data block', () => {
  it('导出我的数据 downloads the export as a JSON file', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: '导出成功', data: exported }));
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (created.push(b), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: /导出我的数据/ }));
    await flush();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/account/export');
    expect(click).toHaveBeenCalled();
    expect(JSON.parse(await created[0]!.text())).toMatchObject({ account: { id: 'u1' } });
  });

  it('注销账号 explains what happens and deletes only with a 6-digit SMS code', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('send-sms-code')
        ? json(200, { success: true, message: 'ok', data: { cooldown_seconds: 60, expires_in: 300 } })
        : json(200, { success: true, message: '账号已注销，您的个人信息已删除', data: { deleted_at: '2026-11-22T00:00:00.000Z' } }),
    );
    const { onDeleted } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: /注销账号/ }));
    expect(screen.getByText(/将被永久删除，无法恢复/)).toBeTruthy();
    expect(screen.getByText(/打赏（支付）记录依法保留/)).toBeTruthy();
    expect(screen.getByText('验证码将发送至 138****8000')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: /确认注销/ }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /获取验证码/ }));
    await flush();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ phone: '13800138000', type: 'delete' });
    fireEvent.change(screen.getByLabelText('注销验证码'), { target: { value: '123456' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await flush();
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({ code: '123456' });
    expect(onDeleted).toHaveBeenCalled();
  });

  it('a WeChat-only account is asked to bind a phone before deleting', () => {
    renderCard({ ...user, phone: null });
    expect((screen.getByRole('button', { name: /注销账号/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('请先绑定手机号，注销账号需要短信验证码确认')).toBeTruthy();
  });
});
