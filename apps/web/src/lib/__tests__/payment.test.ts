import { describe, expect, it, vi } from 'vitest';
import {
  launchPayment,
  payEnvironment,
  returnedFromAuthorization,
  returnedOrder,
  returnPathFor,
  tradeTypeFor,
  unavailableReason,
  withoutReturnMarkers,
} from '@/lib/payment';

const UA = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
  wechat: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 MicroMessenger/8.0.54',
};

describe('paying on the device the payer is on', () => {
  it('pays by QR at a computer, in the phone’s cashier in a phone browser, and by JSAPI inside WeChat', () => {
    expect(payEnvironment(UA.desktop)).toBe('desktop');
    expect(payEnvironment(UA.iphone)).toBe('mobile');
    expect(payEnvironment(UA.android)).toBe('mobile');
    expect(payEnvironment(UA.wechat)).toBe('wechat');
    expect(tradeTypeFor('wechat', 'desktop')).toBe('NATIVE');
    expect(tradeTypeFor('alipay', 'desktop')).toBe('NATIVE');
    expect(tradeTypeFor('wechat', 'mobile')).toBe('H5');
    expect(tradeTypeFor('alipay', 'mobile')).toBe('WAP');
    expect(tradeTypeFor('wechat', 'wechat')).toBe('JSAPI');
    // WeChat's browser opens no Alipay page.
    expect(tradeTypeFor('alipay', 'wechat')).toBeNull();
    expect(unavailableReason('alipay', 'wechat')).toMatch(/在浏览器中打开/);
    expect(unavailableReason('wechat', 'wechat')).toBeNull();
  });

  it('comes back to the same page with the kind of payment, and cleans the markers afterwards', () => {
    expect(returnPathFor('deep', { pathname: '/chat/bazi', search: '?session=s1&pay=tip&pay_order=old' })).toBe(
      '/chat/bazi?session=s1&pay=deep',
    );
    expect(returnedOrder('deep', '?pay=deep&pay_order=a1b2c3d4e5f6')).toBe('a1b2c3d4e5f6');
    expect(returnedOrder('tip', '?pay=deep&pay_order=a1b2c3d4e5f6')).toBeNull();
    expect(returnedOrder('deep', '?pay=deep&pay_order=<script>')).toBeNull();
    expect(returnedFromAuthorization('tip', '?pay=tip&wechat_oa=abc')).toBe(true);
    expect(returnedFromAuthorization('tip', '?pay=tip&pay_order=a1b2c3&wechat_oa=abc')).toBe(false);
    // Alipay's synchronous return adds its own signed parameters; they go too.
    expect(
      withoutReturnMarkers({
        pathname: '/chat/bazi',
        search: '?session=s1&pay=deep&pay_order=x&out_trade_no=x&sign=s&sign_type=RSA2',
        hash: '',
      }),
    ).toBe('/chat/bazi?session=s1');
  });

  it('opens the cashier for H5 and WAP, the bridge page where there is one, and WeixinJSBridge inside WeChat', async () => {
    const base = {
      order_id: 'a1',
      qr_code: 'x',
      qr_image: null,
      payment_method: 'wechat' as const,
      amount: 9.9,
      amount_fen: 990,
      status: 'pending' as const,
      expires_at: '',
    };
    const go = vi.fn();
    expect(await launchPayment({ ...base, trade_type: 'NATIVE', pay_url: null, jsapi: null }, go)).toBe('qr');
    expect(await launchPayment({ ...base, trade_type: 'H5', pay_url: 'https://wx/h5', jsapi: null }, go)).toBe('left');
    expect(await launchPayment({ ...base, trade_type: 'WAP', pay_url: 'https://ali/gw', jsapi: null }, go)).toBe('left');
    expect(go.mock.calls.map((c) => c[0])).toEqual(['https://wx/h5', 'https://ali/gw']);
    const params = { appId: 'wx1', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA' as const, paySign: 's' };
    expect(
      await launchPayment({ ...base, trade_type: 'JSAPI', pay_url: null, jsapi: { ...params, bridge_url: 'http://sb/jsapi' } }, go),
    ).toBe('left');
    expect(go).toHaveBeenLastCalledWith('http://sb/jsapi');
    window.WeixinJSBridge = { invoke: (_n, _p, cb) => cb({ err_msg: 'get_brand_wcpay_request:cancel' }) };
    expect(await launchPayment({ ...base, trade_type: 'JSAPI', pay_url: null, jsapi: { ...params, bridge_url: null } }, go)).toBe(
      'cancelled',
    );
    delete window.WeixinJSBridge;
  });
});
