// The service-types module's public surface: what other modules may use.
export type { ServiceTypeRepository } from './repository';
export { BUILT_IN_SERVICE_TYPES } from './catalog';
