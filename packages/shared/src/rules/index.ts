/**
 * `@lingxi/shared/rules`: the half of this package that needs no zod — the spec's constants, field texts, phone and
 * amount rules. The browser imports its runtime values from here only (its types it still takes from the contracts
 * with `import type`), so no zod schema reaches the bundle a phone downloads (ADR 008). The server keeps using the
 * package root, which re-exports all of this.
 */
export * from '../constants';
export * from './fields';
export * from './reward-amount';
export * from './bazi-messages';
export * from './wechat-labels';
export * from './chat-limits';
export * from './payment';
export * from './orders';
export * from './return-path';
export * from './safety';
export * from './memory';
