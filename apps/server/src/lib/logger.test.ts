import { describe, expect, it } from 'vitest';
import { maskPhonesIn } from './logger';

describe('log masking', () => {
  it('masks every mainland phone number in a line', () => {
    expect(maskPhonesIn('/api/sandbox/sms?phone=13800138000&x=15912345678')).toBe('/api/sandbox/sms?phone=138****8000&x=159****5678');
  });
  it('leaves other digit runs alone', () => {
    expect(maskPhonesIn('order 202611220001234 id 12345')).toBe('order 202611220001234 id 12345');
  });
});
