import { describe, expect, it } from 'vitest';
import { wechatTypeLabel } from './wechat';

describe('wechatTypeLabel (spec §2 profile)', () => {
  it('names mini programs, official accounts and our website app, passes other types through and says 未知 for none', () => {
    expect(wechatTypeLabel('miniprogram')).toBe('小程序');
    expect(wechatTypeLabel('mp')).toBe('公众号');
    expect(wechatTypeLabel('web')).toBe('网站应用');
    expect(wechatTypeLabel('work')).toBe('work');
    expect(wechatTypeLabel('')).toBe('未知');
    expect(wechatTypeLabel(null)).toBe('未知');
  });
});
