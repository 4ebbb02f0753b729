import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { pageNavigation } from '@/lib/payment';
import { RewardDialog } from '../components/reward-dialog';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, message = '成功') => json(200, { success: true, message, data });
const ORDER = {
  order_id: 'a1b2c3d4e5f6a7b8c9d0e1f2',
  trade_type: 'NATIVE',
  qr_code: 'http://127.0.0.1:8000/api/sandbox/wxpay/pay/a1b2c3d4e5f6a7b8c9d0e1f2',
  qr_image: 'data:image/png;base64,iVBORw0KGgo=',
  pay_url: null,
  jsapi: null,
  payment_method: 'wechat',
  amount: 5,
  amount_fen: 500,
  status: 'pending',
  expires_at: '2026-11-22T10:15:00.000Z',
};
const status = (s: string) =>
  ok({ order_id: ORDER.order_id, status: s, payment_method: 'wechat', amount: 5, paid_at: null, expires_at: ORDER.expires_at });

/** Routes each call by path so the tests read like the conversation with the server. */
function serve(routes: Record<string, () => Response | Promise<Response>>) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    const key = Object.keys(routes).find((k) => url.includes(k));
    if (!key) throw new Error(`unexpected ${url}`);
    return routes[key]!();
  });
}

async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function open(props: { onClose?: () => void; onSuccess?: () => void; closed?: boolean } = {}) {
  render(
    <AppProvider>
      <RewardDialog open={!props.closed} onClose={props.onClose ?? (() => {})} onSuccess={props.onSuccess} />
    </AppProvider>,
  );
}

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN',
};
const asDevice = (ua: string) => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
const bodyOf = (i = 0) => JSON.parse(String(created()[i]![1]?.body)) as Record<string, unknown>;

const created = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/reward/wechat-pay'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.WeixinJSBridge;
  window.history.replaceState(null, '', '/');
});

describe('reward dialog', () => {
  it('shows quick amounts, the range and the terms, and the methods the server offers', async () => {
    serve({ '/reward/payment-methods': () => ok({ wechat: '微信支付', alipay: '支付宝' }) });
    open();
    await flush();
    for (const a of [1, 5, 10, 20, 50, 100]) expect(screen.getByRole('button', { name: `¥${a}` })).toBeTruthy();
    expect(screen.getByText('打赏金额范围 0.01 - 100 元')).toBeTruthy();
    expect(screen.getByText('打赏为自愿行为，支付成功后不予退款')).toBeTruthy();
    expect(screen.getByText('微信支付')).toBeTruthy();
    expect(screen.getByText('支付宝')).toBeTruthy();
  });

  it('offers only WeChat Pay when the method list fails to load', async () => {
    serve({ '/reward/payment-methods': () => json(500, { success: false, message: '服务器内部错误' }) });
    open();
    await flush();
    expect(screen.getByText('微信支付')).toBeTruthy();
    expect(screen.queryByText('支付宝')).toBeNull();
  });

  it('clamps an amount above 100 to 100 with 单笔打赏金额上限为100元, and refuses an empty one without calling the server', async () => {
    serve({ '/reward/payment-methods': () => ok({ wechat: '微信支付' }) });
    open();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '立即支付' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入有效的打赏金额');
    const input = screen.getByLabelText('打赏金额') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '150' } });
    await flush();
    expect(screen.getByText('单笔打赏金额上限为100元')).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即支付 ¥100.00' })).toBeTruthy();
    expect(created()).toHaveLength(0);
  });

  it('pays 5 yuan by QR: polls every 3 s, then says 打赏成功，感谢您的支持, closes and calls back', async () => {
    let polls = 0;
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付', alipay: '支付宝' }),
      '/reward/wechat-pay': () => ok(ORDER, '支付订单已创建'),
      '/reward/payment-status/': () => status(++polls < 2 ? 'pending' : 'paid'),
    });
    const onClose = vi.fn();
    const onSuccess = vi.fn();
    open({ onClose, onSuccess });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush();
    expect(bodyOf()).toEqual({ amount: 5, payment_method: 'wechat', trade_type: 'NATIVE', return_path: '/?pay=tip' });
    expect((screen.getByAltText('微信支付支付二维码') as HTMLImageElement).src).toBe(ORDER.qr_image);
    expect(screen.getByTestId('payment-link').getAttribute('href')).toBe(ORDER.qr_code);
    await flush(2_900);
    expect(polls).toBe(0);
    await flush(200);
    expect(polls).toBe(1);
    expect(onSuccess).not.toHaveBeenCalled();
    await flush(3_000);
    expect(polls).toBe(2);
    expect(screen.getByText('打赏成功，感谢您的支持')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(onSuccess).toHaveBeenCalledWith(ORDER.order_id);
  });

  it('goes back to the form on 取消支付 and stops polling', async () => {
    let polls = 0;
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付' }),
      '/reward/wechat-pay': () => ok(ORDER),
      '/reward/payment-status/': () => status((polls++, 'pending')),
    });
    open();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '取消支付' }));
    await flush(10_000);
    expect(polls).toBe(0);
    expect(screen.getByRole('button', { name: '立即支付 ¥5.00' })).toBeTruthy();
  });

  it('shows the server message, 创建支付订单失败 or 支付请求失败，请稍后重试 when the order cannot be made', async () => {
    const answers = [
      () => json(502, { success: false, message: '支付请求失败，请稍后重试', data: null }),
      () => json(400, { success: false, data: null }),
      () => Promise.reject(new TypeError('fetch failed')),
    ];
    serve({ '/reward/payment-methods': () => ok({ wechat: '微信支付' }), '/reward/wechat-pay': () => answers.shift()!() });
    open();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥1' }));
    for (const text of ['支付请求失败，请稍后重试', '创建支付订单失败', '支付请求失败，请稍后重试']) {
      fireEvent.click(screen.getByRole('button', { name: /立即支付 ¥1\.00/ }));
      await flush();
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
  });

  it('on a phone pays by WeChat Pay H5: opens the cashier, then confirms 我已完成支付 with the server at once', async () => {
    asDevice(UA.iphone);
    const go = vi.spyOn(pageNavigation, 'go').mockImplementation(() => {});
    let paid = false;
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付', alipay: '支付宝' }),
      '/reward/wechat-pay': () =>
        ok({ ...ORDER, trade_type: 'H5', qr_image: null, pay_url: 'https://wx.tenpay.com/checkmweb?prepay_id=wx1&redirect_url=x' }),
      '/reward/payment-status/': () => status(paid ? 'paid' : 'pending'),
    });
    const onSuccess = vi.fn();
    open({ onSuccess });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush();
    expect(bodyOf()).toMatchObject({ trade_type: 'H5', return_path: '/?pay=tip' });
    expect(go).toHaveBeenCalledWith('https://wx.tenpay.com/checkmweb?prepay_id=wx1&redirect_url=x');
    expect(screen.getByTestId('phone-pay-view')).toBeTruthy();
    expect(screen.queryByAltText('微信支付支付二维码')).toBeNull();
    paid = true;
    fireEvent.click(screen.getByRole('button', { name: '我已完成支付' }));
    await flush(10);
    expect(screen.getByText('打赏成功，感谢您的支持')).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledWith(ORDER.order_id);
  });

  it('on a phone pays by Alipay WAP, the cashier URL the server signed', async () => {
    asDevice(UA.iphone);
    const go = vi.spyOn(pageNavigation, 'go').mockImplementation(() => {});
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付', alipay: '支付宝' }),
      '/reward/wechat-pay': () =>
        ok({
          ...ORDER,
          payment_method: 'alipay',
          trade_type: 'WAP',
          qr_image: null,
          pay_url: 'https://openapi.alipay.com/gateway.do?sign=x',
        }),
      '/reward/payment-status/': () => status('pending'),
    });
    open();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByText('支付宝'));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush();
    expect(bodyOf()).toMatchObject({ payment_method: 'alipay', trade_type: 'WAP' });
    expect(go).toHaveBeenCalledWith('https://openapi.alipay.com/gateway.do?sign=x');
  });

  it('inside WeChat pays by JSAPI through WeixinJSBridge, and offers no Alipay', async () => {
    asDevice(UA.wechat);
    const jsapi = {
      appId: 'wx1',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=wx9',
      signType: 'RSA',
      paySign: 's',
      bridge_url: null,
    };
    const invoke = vi.fn((_name: string, _params: Record<string, string>, cb: (r: { err_msg: string }) => void) =>
      cb({ err_msg: 'get_brand_wcpay_request:ok' }),
    );
    window.WeixinJSBridge = { invoke };
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付', alipay: '支付宝' }),
      '/reward/wechat-pay': () => ok({ ...ORDER, trade_type: 'JSAPI', qr_image: null, qr_code: 'wx9', jsapi }),
      '/reward/payment-status/': () => status('paid'),
    });
    open();
    await flush();
    expect(screen.getByText(/微信内无法打开支付宝/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /支付宝/ }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush(10);
    await flush(10);
    expect(bodyOf()).toMatchObject({ payment_method: 'wechat', trade_type: 'JSAPI' });
    const { bridge_url: _none, ...signed } = jsapi;
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', signed, expect.any(Function));
    expect(screen.getByText('打赏成功，感谢您的支持')).toBeTruthy();
  });

  it('inside WeChat goes through the official-account authorisation first when the server asks for it, back to this page', async () => {
    asDevice(UA.wechat);
    const go = vi.spyOn(pageNavigation, 'go').mockImplementation(() => {});
    const authorize = 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1&scope=snsapi_base';
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付' }),
      '/reward/wechat-pay': () =>
        json(409, { success: false, message: '请先授权微信公众号，以便在微信内完成支付', data: { authorize: true } }),
      '/auth/wechat-oa/authorize': () =>
        ok({ appid: 'wx1', scope: 'snsapi_base', redirect_uri: 'x', state: 's', url: authorize, expires_in: 300 }),
    });
    open();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush();
    const asked = fetchMock.mock.calls.find(([u]) => String(u).includes('/auth/wechat-oa/authorize'));
    expect(JSON.parse(String(asked?.[1]?.body))).toEqual({ intent: 'base', return_to: '/?pay=tip' });
    expect(go).toHaveBeenCalledWith(authorize);
  });

  it('opens the dialog again when the payer is back from the authorisation, and pays by QR if it still has no openid', async () => {
    asDevice(UA.wechat);
    window.history.replaceState(null, '', '/?pay=tip&wechat_oa=abc');
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付' }),
      '/reward/wechat-pay': () =>
        bodyOf(created().length - 1).trade_type === 'JSAPI'
          ? json(409, { success: false, message: '请先授权微信公众号，以便在微信内完成支付', data: { authorize: true } })
          : ok(ORDER),
      '/reward/payment-status/': () => status('pending'),
    });
    open({ closed: true });
    await flush();
    expect(window.location.search).toBe('');
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush();
    expect(created().map((_, i) => bodyOf(i).trade_type)).toEqual(['JSAPI', 'NATIVE']);
    expect(screen.getByText('长按下方二维码，选择“识别图中二维码”完成支付')).toBeTruthy();
  });

  it('inside WeChat without an official account falls back to a QR code to long-press', async () => {
    asDevice(UA.wechat);
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付' }),
      '/reward/wechat-pay': () =>
        bodyOf(created().length - 1).trade_type === 'JSAPI'
          ? json(409, { success: false, message: '请先授权微信公众号，以便在微信内完成支付', data: { authorize: false } })
          : ok(ORDER),
      '/reward/payment-status/': () => status('pending'),
    });
    open();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush();
    expect(created().map((_, i) => bodyOf(i).trade_type)).toEqual(['JSAPI', 'NATIVE']);
    expect(screen.getByText('长按下方二维码，选择“识别图中二维码”完成支付')).toBeTruthy();
  });

  it('picks the payment up again when the payer comes back from a phone cashier, and cleans the address', async () => {
    window.history.replaceState(null, '', `/chat/bazi?pay=tip&pay_order=${ORDER.order_id}`);
    serve({ '/reward/payment-methods': () => ok({ wechat: '微信支付' }), '/reward/payment-status/': () => status('paid') });
    const onSuccess = vi.fn();
    open({ closed: true, onSuccess });
    await flush(10);
    expect(screen.getByText('打赏成功，感谢您的支持')).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledWith(ORDER.order_id);
    expect(window.location.pathname + window.location.search).toBe('/chat/bazi');
  });

  // Esc, a tap outside and the close button all reach the dialog's onCancel; Esc itself is pressed in the e2e test.
  it('asks before a tap outside or the close button closes a pending payment', async () => {
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付' }),
      '/reward/wechat-pay': () => ok(ORDER),
      '/reward/payment-status/': () => status('pending'),
    });
    const onClose = vi.fn();
    open({ onClose });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await flush();
    expect(screen.getByText('支付尚未完成')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '继续支付' }));
    await flush();
    expect(screen.getByAltText('微信支付支付二维码')).toBeTruthy();
    const wrap = document.querySelector('.ant-modal-wrap') as Element;
    fireEvent.mouseDown(wrap);
    fireEvent.click(wrap);
    await flush(500);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /离\s*开/ }));
    await flush();
    expect(onClose).toHaveBeenCalled();
  });

  it('goes back to the form when the order expires unpaid', async () => {
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付' }),
      '/reward/wechat-pay': () => ok(ORDER),
      '/reward/payment-status/': () => status('expired'),
    });
    open();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush();
    await flush(3_100);
    expect(screen.getByText('支付已超时，请重新发起打赏')).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即支付 ¥5.00' })).toBeTruthy();
  });
});
