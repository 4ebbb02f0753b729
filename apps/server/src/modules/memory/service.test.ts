import { describe, expect, it } from 'vitest';
import { fitsPersona, memoryAllowed } from './service';

describe('which memory a persona may use', () => {
  it('is on by default for ordinary personas and needs the separate switch for wellbeing ones', () => {
    const defaults = { enabled: true, sensitiveEnabled: false };
    expect(memoryAllowed(defaults, 'growth')).toBe(true);
    expect(memoryAllowed(defaults, 'wellbeing')).toBe(false);
    expect(memoryAllowed({ enabled: true, sensitiveEnabled: true }, 'wellbeing')).toBe(true);
    expect(memoryAllowed({ enabled: false, sensitiveEnabled: true }, 'wellbeing')).toBe(false);
    expect(memoryAllowed({ enabled: false, sensitiveEnabled: false }, 'general')).toBe(false);
  });

  it('tells a persona the facts of its own kind and the ones the user asked for, never wellbeing facts elsewhere', () => {
    expect(fitsPersona({ category: 'growth', source: 'extracted' }, 'growth')).toBe(true);
    expect(fitsPersona({ category: 'growth', source: 'extracted' }, 'fortune')).toBe(false);
    expect(fitsPersona({ category: 'general', source: 'explicit' }, 'fortune')).toBe(true);
    expect(fitsPersona({ category: 'legal', source: 'edited' }, 'growth')).toBe(true);
    expect(fitsPersona({ category: 'wellbeing', source: 'explicit' }, 'general')).toBe(false);
    expect(fitsPersona({ category: 'wellbeing', source: 'extracted' }, 'wellbeing')).toBe(true);
  });
});
