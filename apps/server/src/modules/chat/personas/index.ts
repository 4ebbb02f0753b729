import { DEFAULT_CHAT_TYPE } from '@lingxi/shared';
import { COMPANION_PERSONAS } from './companion';
import { FORTUNE_PERSONAS } from './fortune';
import type { Persona } from './types';

export { buildDeepSystemPrompt, buildSystemPrompt, CRISIS_INSTRUCTION, DEEP_SUMMARY_INSTRUCTION } from './rules';
export type { Persona, PersonaKind, SafetyProfile } from './types';

const BY_KEY = new Map<string, Persona>([...FORTUNE_PERSONAS, ...COMPANION_PERSONAS].map((p) => [p.key, p]));
export const GENERAL_PERSONA_KEY = 'general';

export const allPersonas = (): Persona[] => [...BY_KEY.values()];

/** The spec's default chat type 'defaultai' is the general persona. */
export function findPersona(type: string): Persona | null {
  if (type === DEFAULT_CHAT_TYPE) return BY_KEY.get(GENERAL_PERSONA_KEY) ?? null;
  return BY_KEY.get(type) ?? null;
}
