import { personaResponse, type PersonaPublic } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

/** Title, greeting and suggested questions of a persona (never its prompt). */
export async function getPersona(type: string, signal?: AbortSignal): Promise<PersonaPublic> {
  const res = await apiClient.get(`/chat/persona/${encodeURIComponent(type)}`, { schema: personaResponse, signal });
  return res.data;
}
