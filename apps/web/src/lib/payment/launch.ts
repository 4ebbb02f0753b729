import type { PaymentOrder } from '@lingxi/shared';

/** Leaving this page for a provider's cashier (one object, so tests can watch where the page would go). */
export const pageNavigation = {
  go(url: string) {
    window.location.assign(url);
  },
};

/** How a launched payment went on this page: the page left for a cashier, or WeChat's pay sheet answered. */
export type LaunchResult = 'qr' | 'left' | 'paid' | 'cancelled' | 'failed';

interface WeixinBridge {
  invoke(name: 'getBrandWCPayRequest', params: Record<string, string>, callback: (res: { err_msg?: string }) => void): void;
}
declare global {
  interface Window {
    WeixinJSBridge?: WeixinBridge;
  }
}

/** WeChat's browser injects its bridge a moment after the page starts; wait for it briefly. */
function bridge(timeoutMs = 3000): Promise<WeixinBridge | null> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve) => {
    const done = () => resolve(window.WeixinJSBridge ?? null);
    const t = setTimeout(done, timeoutMs);
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        clearTimeout(t);
        done();
      },
      { once: true },
    );
  });
}

/**
 * Starts paying an order the server created: a QR code is shown by the caller (desktop); H5 and WAP open the
 * provider's cashier on this phone (it sends the payer back to our return path); JSAPI hands the signed parameters
 * to WeixinJSBridge, or opens the page that stands in for it where there is none (the sandbox).
 */
export async function launchPayment(order: PaymentOrder, go: (url: string) => void = (u) => pageNavigation.go(u)): Promise<LaunchResult> {
  if (order.trade_type === 'NATIVE') return 'qr';
  if (order.trade_type === 'H5' || order.trade_type === 'WAP') {
    if (!order.pay_url) return 'failed';
    go(order.pay_url);
    return 'left';
  }
  const params = order.jsapi;
  if (!params) return 'failed';
  if (params.bridge_url) {
    go(params.bridge_url);
    return 'left';
  }
  const wx = await bridge();
  if (!wx) return 'failed';
  const { bridge_url: _none, ...request } = params;
  return new Promise((resolve) =>
    wx.invoke('getBrandWCPayRequest', request, (res) => {
      // ok is not proof of payment (the server asks WeChat); cancel and fail leave the order payable.
      const msg = res.err_msg ?? '';
      resolve(msg.endsWith(':ok') ? 'paid' : msg.endsWith(':cancel') ? 'cancelled' : 'failed');
    }),
  );
}
