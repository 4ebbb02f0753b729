import { describe, expect, it } from 'vitest';
import { groupSessions } from '../lib/session-groups';

describe('groupSessions', () => {
  const now = new Date(2026, 10, 25, 9, 30);
  const at = (days: number, hour = 8) => new Date(2026, 10, 25 - days, hour).toISOString();

  it('groups by the reader’s calendar day: 今天, the six days before as 7天内, then 更早, keeping the order', () => {
    const groups = groupSessions(
      [
        { session_id: 'a', session_name: 'A', updated_at: at(0) },
        { session_id: 'b', session_name: 'B', updated_at: at(1, 23) },
        { session_id: 'c', session_name: 'C', updated_at: at(6, 0) },
        { session_id: 'd', session_name: 'D', updated_at: at(7, 23) },
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.sessions.map((s) => s.session_id)])).toEqual([
      ['今天', ['a']],
      ['7天内', ['b', 'c']],
      ['更早', ['d']],
    ]);
  });

  it('leaves out empty groups and counts an unknown time as today', () => {
    expect(groupSessions([{ session_id: 'x', session_name: null }], now).map((g) => g.label)).toEqual(['今天']);
    expect(groupSessions([], now)).toEqual([]);
  });
});
