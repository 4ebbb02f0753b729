import type { Db } from '../../db/client';
import { createConsentRepository } from './repository';
import { createConsentService } from './service';

/** Consent records have no routes of their own: sign-up and sign-in record the policy version through this service. */
export function createConsentServices(db: Db) {
  return createConsentService(createConsentRepository(db));
}
