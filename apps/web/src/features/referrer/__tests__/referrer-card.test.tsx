import type { UserInfo } from '@lingxi/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, testUser, mockFetchAndTimers } from '@/test/fixtures';
import { AppProvider } from '@/app/provider';
import { ReferrerCard } from '../components/referrer-card';

const json = jsonResponse;
const user = testUser;
const { fetchMock, advance } = mockFetchAndTimers();

function renderCard(u: UserInfo) {
  const onRefreshUser = vi.fn(async () => undefined);
  render(
    <AppProvider>
      <ReferrerCard user={u} onRefreshUser={onRefreshUser} onSessionLost={vi.fn()} />
    </AppProvider>,
  );
  return { onRefreshUser, input: screen.getByLabelText('推荐人手机号') as HTMLInputElement };
}

describe('profile referrer block', () => {
  it('limits the phone to 11 characters, looks the number up and binds it', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/referrer/lookup'))
        return json(200, { success: true, message: 'ok', data: { username: '推荐人', name: '王*', phone: '139****0001' } });
      if (url.includes('/referrer/bind-referrer'))
        return json(200, {
          success: true,
          message: '推荐人绑定成功',
          data: { username: '推荐人', name: '王*', phone: '139****0001', referrer_id: '13900000001' },
        });
      return json(200, {
        success: true,
        message: 'ok',
        data: { link: 'http://x/register?referrer=13800138000', referrer_id: '13800138000', total: 0, referrals: [] },
      });
    });
    const { input, onRefreshUser } = renderCard(user);
    expect(input.maxLength).toBe(11);
    fireEvent.change(input, { target: { value: '13900000001' } });
    await advance(300);
    expect(screen.getByText('推荐人：王*（139****0001）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /绑\s*定/ }));
    await advance(0);
    const bind = fetchMock.mock.calls.find(([u]) => String(u).includes('bind-referrer'))!;
    expect(String(bind[0])).toContain('referrer_id=13900000001');
    expect(bind[1]!.method).toBe('POST');
    expect(onRefreshUser).toHaveBeenCalled();
  });

  it('silently clears the lookup when it fails', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/referrer/lookup')
        ? json(404, { success: false, message: '推荐人不存在，请检查推荐人手机号' })
        : json(500, {}),
    );
    const { input } = renderCard(user);
    fireEvent.change(input, { target: { value: '13900000009' } });
    await advance(300);
    expect(screen.queryByText(/推荐人：/)).toBeNull();
    expect(screen.queryByText('推荐人不存在，请检查推荐人手机号')).toBeNull();
  });

  it('is read-only once a referrer is bound and shows who it is', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/referrer/my-referrer')
        ? json(200, {
            success: true,
            message: 'ok',
            data: { username: '老王', name: null, phone: '139****0001', referrer_id: '13900000001' },
          })
        : json(500, {}),
    );
    const { input } = renderCard({ ...user, referrer_id: '13900000001' });
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('13900000001');
    expect((screen.getByRole('button', { name: /已绑定/ }) as HTMLButtonElement).disabled).toBe(true);
    await advance(0);
    expect(screen.getByText('推荐人：老王（139****0001）')).toBeTruthy();
  });
});
