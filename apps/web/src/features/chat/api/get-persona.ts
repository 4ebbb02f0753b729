import type { personaResponse, PersonaPublic } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** Title, greeting and suggested questions of a persona (never its prompt). */
export async function getPersona(type: string, signal?: AbortSignal): Promise<PersonaPublic> {
  const res = await apiClient.get<Answer<typeof personaResponse>>(`/chat/persona/${encodeURIComponent(type)}`, { signal });
  return res.data;
}
