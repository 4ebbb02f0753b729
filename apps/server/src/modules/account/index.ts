// The account module's public surface: what other modules may use.
export { createAccountMerger } from './merge';
