import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { installPrompt, isIosSafari, isStandalone } from '../lib/install-prompt';
import './install-banner.css';

const DISMISSED_KEY = 'install-banner-dismissed';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * 安装灵犀 (issue #16): on Android, when the browser offers installation, a small card with an 安装 button; on iOS
 * Safari, which has no such offer, the 添加到主屏幕 steps. Closing it is remembered on this device.
 */
export function InstallBanner() {
  const offer = useSyncExternalStore(installPrompt.subscribe, installPrompt.get, () => null);
  const [closed, setClosed] = useState(dismissedBefore);
  const ios = isIosSafari(navigator.userAgent, isStandalone());
  if (closed || (!offer && !ios)) return null;
  const close = () => {
    setClosed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      /* storage disabled: closed for this visit only */
    }
  };
  return (
    <aside className="install-banner" aria-label="安装灵犀">
      <img src="/icons/icon-192.png" alt="" width={40} height={40} className="install-banner-icon" />
      <div className="install-banner-text">
        <div className="install-banner-title">把灵犀添加到主屏幕</div>
        <div className="install-banner-hint">
          {offer ? '像 App 一样从桌面打开，全屏使用' : '点击浏览器底部的“分享”按钮，再选择“添加到主屏幕”'}
        </div>
      </div>
      {offer ? (
        <Button
          type="primary"
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => void installPrompt.ask().then((ok) => ok && close())}
        >
          安装
        </Button>
      ) : null}
      <Button type="text" size="small" icon={<CloseOutlined />} onClick={close} aria-label="关闭安装提示" />
    </aside>
  );
}
