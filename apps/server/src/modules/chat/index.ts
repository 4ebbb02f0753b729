// The chat module's public surface: what other modules may use (the memory module reads chats with the same model).
export { createLlmProvider, type LlmProvider } from './llm';
export { createPersonaResolver, type PersonaResolver } from './personas/resolve';
export { countTokens, loadTokenizer, type TokenCounter } from './tokens';
export type { TurnMemory } from './turn/context';
