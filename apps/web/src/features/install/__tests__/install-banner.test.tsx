import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallBanner } from '../components/install-banner';
import { isIosSafari, listenForInstallPrompt } from '../lib/install-prompt';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1';

beforeAll(() => listenForInstallPrompt());
beforeEach(() => localStorage.clear());

describe('install banner', () => {
  it('knows iOS Safari from iOS WeChat and Chrome, and not once opened from the home screen', () => {
    expect(isIosSafari(IPHONE_SAFARI, false)).toBe(true);
    expect(isIosSafari(IPHONE_SAFARI, true)).toBe(false);
    expect(isIosSafari(IPHONE_WECHAT, false)).toBe(false);
    expect(isIosSafari(IPHONE_CHROME, false)).toBe(false);
  });

  it('shows nothing until the browser offers installation, then 安装 opens the browser’s dialog', async () => {
    render(<InstallBanner />);
    expect(screen.queryByText('把灵犀添加到主屏幕')).toBeNull();
    const prompt = vi.fn(async () => {});
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => void window.dispatchEvent(offer));
    expect(offer.defaultPrevented).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: /安\s*装$/ }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.queryByText('把灵犀添加到主屏幕')).toBeNull());
  });

  it('gives iOS Safari the 添加到主屏幕 steps, and remembers when closed', () => {
    Object.defineProperty(navigator, 'userAgent', { value: IPHONE_SAFARI, configurable: true });
    try {
      const first = render(<InstallBanner />);
      expect(screen.getByText(/再选择“添加到主屏幕”/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '关闭安装提示' }));
      expect(screen.queryByText('把灵犀添加到主屏幕')).toBeNull();
      first.unmount();
      render(<InstallBanner />);
      expect(screen.queryByText('把灵犀添加到主屏幕')).toBeNull();
    } finally {
      delete (navigator as { userAgent?: string }).userAgent;
    }
  });
});
