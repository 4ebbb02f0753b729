// The referrer module's public surface: what other modules may use.
export { maskName } from './service';
