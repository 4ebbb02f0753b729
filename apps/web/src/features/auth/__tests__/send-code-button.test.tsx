import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetchAndTimers } from '@/test/fixtures';
import { AppProvider } from '@/app/provider';
import { SendCodeButton } from '../components/send-code-button';
import { jsonResponse } from './fixtures';

const { fetchMock } = mockFetchAndTimers();

function renderButton(phone: string | undefined, onInvalidPhone?: (m: string) => void) {
  render(
    <AppProvider>
      <SendCodeButton phone={phone} purpose="register" policyVersion="v1" onInvalidPhone={onInvalidPhone} />
    </AppProvider>,
  );
  return screen.getByRole('button') as HTMLButtonElement;
}

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('send-code button', () => {
  it('refuses a wrong phone without calling the server', async () => {
    const onInvalid = vi.fn();
    fireEvent.click(renderButton('1234', onInvalid));
    expect(onInvalid).toHaveBeenCalledWith('请输入正确的手机号');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the phone when it is empty (spec: 请输入手机号)', async () => {
    const onInvalid = vi.fn();
    fireEvent.click(renderButton('', onInvalid));
    expect(onInvalid).toHaveBeenCalledWith('请输入手机号');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts down 60 s after a successful send, disabled throughout', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'ok', data: { cooldown_seconds: 60, expires_in: 300 } }));
    const button = renderButton('138 0013 8000');
    fireEvent.click(button);
    await flush();

    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body));
    expect(body).toEqual({ phone: '13800138000', type: 'register', policy_version: 'v1' });
    expect(screen.getByText('验证码已发送')).toBeTruthy();
    expect(screen.getByRole('button').textContent).toBe('60秒后重发');
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('button').textContent).toBe('59秒后重发');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(screen.getByRole('button').textContent).toBe('获取验证码');
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false);
  });

  it('is disabled while the request is in flight', async () => {
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => undefined));
    const button = renderButton('13800138000');
    fireEvent.click(button);
    await flush();
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's 429 text and follows its cooldown", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { success: false, message: '请42秒后再试' }));
    fireEvent.click(renderButton('13800138000'));
    await flush();
    expect(screen.getByText('请42秒后再试')).toBeTruthy();
    expect(screen.getByRole('button').textContent).toBe('42秒后重发');
  });

  it("falls back to '发送验证码失败' when the server gives no message", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    fireEvent.click(renderButton('13800138000'));
    await flush();
    expect(screen.getByText('发送验证码失败')).toBeTruthy();
    expect(screen.getByRole('button').textContent).toBe('获取验证码');
  });
});
