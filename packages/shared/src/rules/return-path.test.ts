import { describe, expect, it } from 'vitest';
import { safeReturnPath, withQueryParam } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(safeReturnPath('/profile')).toBe('/profile');
    expect(safeReturnPath('/chat/love?session=abc#end')).toBe('/chat/love?session=abc#end');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses every way of naming another site, a scheme or the API', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'profile',
      '/\tevil',
      '/x\ny',
      '/api/auth/me',
      '/api',
      '',
      null,
      undefined,
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });

  it('normalises dot segments instead of letting them climb anywhere', () => {
    expect(safeReturnPath('/a/../profile')).toBe('/profile');
    expect(safeReturnPath('/../../api/x')).toBeNull();
  });
});

describe('withQueryParam', () => {
  it('adds or replaces a query parameter before the fragment', () => {
    expect(withQueryParam('/login', 'wechat_oa', 'abc')).toBe('/login?wechat_oa=abc');
    expect(withQueryParam('/register?referrer=13800000000#x', 'wechat_oa', 'abc')).toBe('/register?referrer=13800000000&wechat_oa=abc#x');
    expect(withQueryParam('/p?wechat_oa=old', 'wechat_oa', 'new')).toBe('/p?wechat_oa=new');
  });
});
