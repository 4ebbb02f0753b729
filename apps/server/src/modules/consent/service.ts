import type { RequestMeta } from '../../lib/request-meta';
import type { ConsentRepository } from './repository';

/** Records which privacy-policy version a person agreed to, when and where (PIPL Art. 14; kept as evidence). */
export function createConsentService(repo: ConsentRepository) {
  return {
    async record(v: { scene: string; policyVersion?: string; userId?: string; phone?: string | null }, meta: RequestMeta) {
      if (!v.policyVersion) return;
      await repo.insert({
        scene: v.scene,
        policyVersion: v.policyVersion,
        userId: v.userId ?? null,
        phone: v.phone ?? null,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
    },
  };
}
export type ConsentService = ReturnType<typeof createConsentService>;
