import type { SessionItem } from '../types';

export type SessionGroupLabel = '今天' | '7天内' | '更早';
export interface SessionGroup {
  label: SessionGroupLabel;
  sessions: SessionItem[];
}

const DAY_MS = 86_400_000;

/**
 * The history list in groups by last activity, in the reader's own calendar (issue #16): 今天, 7天内 (the six days
 * before), 更早. The order inside a group is the server's (newest first); empty groups are left out.
 */
export function groupSessions(sessions: SessionItem[], now: Date = new Date()): SessionGroup[] {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const groups: Record<SessionGroupLabel, SessionItem[]> = { 今天: [], '7天内': [], 更早: [] };
  for (const s of sessions) {
    const at = s.updated_at ? Date.parse(s.updated_at) : NaN;
    const label: SessionGroupLabel = Number.isNaN(at) || at >= midnight ? '今天' : at >= midnight - 6 * DAY_MS ? '7天内' : '更早';
    groups[label].push(s);
  }
  return (['今天', '7天内', '更早'] as const).filter((l) => groups[l].length).map((label) => ({ label, sessions: groups[label] }));
}
