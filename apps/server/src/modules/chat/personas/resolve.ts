import { DEFAULT_CHAT_TYPE } from '@lingxi/shared';
import type { ServiceTypeRepository } from '../../service-types';
import { findPersona, GENERAL_PERSONA_KEY } from './index';
import type { Persona } from './types';

export interface ResolvedPersona {
  persona: Persona;
  /** The title as edited in the service-type catalogue. */
  title: string;
  /** The catalogue's colour of the type (share cards, issue #16); null when the type has none. */
  color: string | null;
}

/**
 * A persona for a service type: the built-in one (title as edited in the catalogue), the general persona for
 * 'defaultai' and for catalogue types added later without a persona of their own; null for unknown types.
 */
export function createPersonaResolver(serviceTypes: ServiceTypeRepository) {
  // The catalogue changes only with a deploy or an admin edit; a minute-old title is fine and saves a query per turn.
  const catalogue = new Map<string, { at: number; row: Awaited<ReturnType<ServiceTypeRepository['find']>> }>();
  async function listedType(key: string) {
    const hit = catalogue.get(key);
    if (hit && Date.now() - hit.at < 60_000) return hit.row;
    const row = await serviceTypes.find(key);
    if (catalogue.size > 500) catalogue.clear();
    catalogue.set(key, { at: Date.now(), row });
    return row;
  }

  return async function resolvePersona(type: string): Promise<ResolvedPersona | null> {
    const own = findPersona(type);
    const lookupKey = type === DEFAULT_CHAT_TYPE ? GENERAL_PERSONA_KEY : type;
    const listed = await listedType(lookupKey);
    if (own) return { persona: own, title: listed?.title ?? own.title, color: listed?.color ?? null };
    const general = findPersona(GENERAL_PERSONA_KEY);
    if (!listed || !general) return null;
    return { persona: { ...general, key: listed.key, title: listed.title }, title: listed.title, color: listed.color ?? null };
  };
}
export type PersonaResolver = ReturnType<typeof createPersonaResolver>;
