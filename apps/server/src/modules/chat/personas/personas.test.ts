import { describe, expect, it } from 'vitest';
import { BUILT_IN_SERVICE_TYPES } from '../../service-types';
import { allPersonas, buildSystemPrompt, findPersona } from './index';

describe('personas', () => {
  it('has a persona for every built-in service type, and defaultai is the general persona', () => {
    for (const t of BUILT_IN_SERVICE_TYPES) expect(findPersona(t.key)?.key, t.key).toBe(t.key);
    expect(findPersona('defaultai')?.key).toBe('general');
    expect(findPersona('unknown')).toBeNull();
  });

  it('gives every persona a greeting, 3–4 suggested questions and a crisis check', () => {
    for (const p of allPersonas()) {
      expect(p.greeting.length, p.key).toBeGreaterThan(20);
      expect(p.suggestedQuestions.length, p.key).toBeGreaterThanOrEqual(3);
      expect(p.suggestedQuestions.length, p.key).toBeLessThanOrEqual(4);
      expect(p.safety.crisisCheck, p.key).toBe(true);
      expect(buildSystemPrompt(p), p.key).toContain('12356');
    }
  });

  it('frames fortune-telling as culture, forbids predictions of death or disaster and fear-driven selling', () => {
    for (const p of allPersonas().filter((x) => x.kind === 'fortune')) {
      const prompt = buildSystemPrompt(p);
      expect(prompt, p.key).toContain('文化参考');
      expect(prompt, p.key).toContain('绝不预测或暗示死亡');
      expect(prompt, p.key).toContain('不推销化解');
    }
    expect(['bazi', 'ziwei', 'liuyao', 'qimen'].every((k) => findPersona(k)!.safety.groundedChart)).toBe(true);
  });

  it('keeps psychology, emotional and legal personas from diagnosing, prescribing or concluding', () => {
    for (const key of ['psychology', 'emotional']) {
      const prompt = buildSystemPrompt(findPersona(key)!);
      expect(prompt).toContain('不做任何心理或精神疾病的诊断');
      expect(prompt).toContain('药物');
    }
    const legal = buildSystemPrompt(findPersona('legal')!);
    expect(legal).toContain('不作出确定性的法律结论');
    expect(legal).toContain('执业律师');
  });
});
