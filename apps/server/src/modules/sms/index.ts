// The SMS module's public surface: what other modules may use.
export type { SmsService } from './service';
