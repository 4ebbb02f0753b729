/** A persona lives on the server only; the client sees its title, greeting and suggested questions, never the prompt. */
export type PersonaKind = 'fortune' | 'wellbeing' | 'legal' | 'growth' | 'general';

export interface SafetyProfile {
  /** Check every user turn for crisis / self-harm signals and answer safety-first (12356, 110/120). */
  crisisCheck: boolean;
  /** Add the user's latest saved Bazi chart to the context (bazi, ziwei, liuyao, qimen). */
  groundedChart: boolean;
  /** Shown under the greeting on an empty chat. */
  disclaimer: string;
  /** A relationship or intimate-companion persona: refused in minor mode (anthropomorphic AI measures). */
  intimate?: boolean;
  /** An emotional companion persona: the 你正在和AI对话 notice is acknowledged once per sign-in before use. */
  companion?: boolean;
}

export interface Persona {
  key: string;
  title: string;
  kind: PersonaKind;
  /** The persona's own instructions; the shared rules of its kind are appended by buildSystemPrompt. */
  prompt: string;
  greeting: string;
  suggestedQuestions: readonly string[];
  /** Angles the persona takes; the offline demo lists them. */
  focus: readonly string[];
  safety: SafetyProfile;
}
