import { Spin, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import type { QrSource } from '../wechat-texts';

interface WxLoginOptions {
  self_redirect: boolean;
  id: string;
  appid: string;
  scope: string;
  redirect_uri: string;
  state: string;
  style?: 'black' | 'white';
  href?: string;
}
declare global {
  interface Window {
    WxLogin?: new (o: WxLoginOptions) => unknown;
  }
}

const loading = new Map<string, Promise<void>>();
/** Loads the provider's script once per URL; a failed load can be retried. */
function loadScript(src: string): Promise<void> {
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => {
        loading.delete(src);
        reject(new Error('wxLogin.js failed to load'));
      };
      document.head.appendChild(el);
    });
    loading.set(src, p);
  }
  return p;
}

/**
 * Real mode: WeChat's own QR, embedded by its wxLogin.js (the script injects an iframe of qrconnect). The redirect
 * lands inside the iframe (self_redirect), while this page learns the result by polling.
 */
export function WxLoginEmbed({ qr, src }: { qr: QrSource; src: string }) {
  const id = `wx-login-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadScript(src)
      .then(() => {
        if (cancelled || !window.WxLogin) return;
        const box = document.getElementById(id);
        if (box) box.innerHTML = '';
        new window.WxLogin({
          self_redirect: true,
          id,
          appid: qr.appid,
          scope: qr.scope,
          redirect_uri: encodeURIComponent(qr.redirectUri),
          state: qr.qrId,
          style: 'black',
          href: '',
        });
        setReady(true);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [src, id, qr]);

  if (failed) return <Typography.Text type="danger">微信登录组件加载失败，请刷新重试</Typography.Text>;
  return (
    <div className="wechat-qr-embed" style={{ width: 260, height: 320, overflow: 'hidden', display: 'flex', justifyContent: 'center' }}>
      {ready ? null : <Spin />}
      <div id={id} />
    </div>
  );
}
