import type {
  MemoryItem,
  memoryDeleteResponse,
  memoryItemResponse,
  memoryListResponse,
  MemorySettings,
  MemorySettingsBody,
  memorySettingsResponse,
  memorySettleResponse,
} from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';
import { readStoredToken } from '@/lib/auth-storage';
import { config } from '@/config/env';

/** The memory endpoints (issue #16), one function each. */
export const memoryApi = {
  list: async (signal?: AbortSignal): Promise<MemoryItem[]> =>
    (await apiClient.get<Answer<typeof memoryListResponse>>('/memory', { signal })).data,
  edit: async (id: string, content: string): Promise<MemoryItem> =>
    (await apiClient.patch<Answer<typeof memoryItemResponse>>(`/memory/${encodeURIComponent(id)}`, { content })).data,
  remove: async (id: string) => (await apiClient.delete<Answer<typeof memoryDeleteResponse>>(`/memory/${encodeURIComponent(id)}`)).data,
  removeAll: async () => (await apiClient.delete<Answer<typeof memoryDeleteResponse>>('/memory')).data,
  settings: async (signal?: AbortSignal): Promise<MemorySettings> =>
    (await apiClient.get<Answer<typeof memorySettingsResponse>>('/memory/settings', { signal })).data,
  saveSettings: async (body: MemorySettingsBody): Promise<MemorySettings> =>
    (await apiClient.put<Answer<typeof memorySettingsResponse>>('/memory/settings', body)).data,
  /** The user left a chat: its memory may be read now. */
  settle: async (sessionId: string) =>
    (await apiClient.post<Answer<typeof memorySettleResponse>>('/memory/settle', { session_id: sessionId })).data,
};

/**
 * The same call for a page being closed: fetch with keepalive outlives the page (sendBeacon cannot carry the token).
 * Best effort; nothing waits for it.
 */
export function settleOnExit(sessionId: string) {
  const token = readStoredToken();
  if (!token) return;
  void fetch(`${config.apiBaseUrl}/memory/settle`, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ session_id: sessionId }),
  }).catch(() => {});
}
