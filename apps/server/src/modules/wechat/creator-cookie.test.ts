import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readCreatorSecret } from './creator-cookie';
import { escapeHtml } from './html';
import { maskName } from '../referrer';

const req = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as FastifyRequest;

describe('creator cookie', () => {
  it('reads lx_wxqr among other cookies and ignores malformed values', () => {
    expect(readCreatorSecret(req('a=1; lx_wxqr=AbCdEfGhIjKlMnOpQrStUv; b=2'))).toBe('AbCdEfGhIjKlMnOpQrStUv');
    expect(readCreatorSecret(req('lx_wxqr=short'))).toBeNull();
    expect(readCreatorSecret(req('lx_wxqr=has spaces and "quotes" that are long enough'))).toBeNull();
    expect(readCreatorSecret(req('other=AbCdEfGhIjKlMnOpQrStUv'))).toBeNull();
    expect(readCreatorSecret(req())).toBeNull();
  });
});

describe('page helpers', () => {
  it('escapes every character that could start markup in the callback and fake pages', () => {
    expect(escapeHtml(`<script>alert('x')&"</script>`)).toBe('&lt;script&gt;alert(&#39;x&#39;)&amp;&quot;&lt;/script&gt;');
  });
  it('masks a referrer name to its first character', () => {
    expect(maskName('张三丰')).toBe('张**');
    expect(maskName('李四')).toBe('李*');
    expect(maskName('王')).toBe('王*');
    expect(maskName(null)).toBeNull();
  });
});
