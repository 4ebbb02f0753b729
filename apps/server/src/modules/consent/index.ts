// The consent module's public surface: what other modules may use.
export { createConsentService, type ConsentService } from './service';
