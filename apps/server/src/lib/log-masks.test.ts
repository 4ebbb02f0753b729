import { describe, expect, it } from 'vitest';
import { maskPhonesIn, maskUrl } from './log-masks';

describe('log masking', () => {
  it('masks every mainland phone number in a line', () => {
    expect(maskPhonesIn('/api/sandbox/sms?phone=13800138000&x=15912345678')).toBe('/api/sandbox/sms?phone=138****8000&x=159****5678');
  });
  it('leaves other digit runs alone', () => {
    expect(maskPhonesIn('order 202611220001234 id 12345')).toBe('order 202611220001234 id 12345');
  });
  it('hides the values of credential-like query parameters (WeChat OAuth code and state) and keeps the rest', () => {
    expect(maskUrl('/api/auth/wechat-callback?code=061aBc&state=0f3e9a&lang=zh')).toBe(
      '/api/auth/wechat-callback?code=***&state=***&lang=zh',
    );
    expect(maskUrl('/x?Token=abc&%73ign=zz&phone=13800138000')).toBe('/x?Token=***&%73ign=***&phone=138****8000');
    expect(maskUrl('/api/chat/sessions')).toBe('/api/chat/sessions');
  });
});
