import { readFileSync } from 'node:fs';

export interface TcpDrops {
  listenOverflows: number;
  synRetransmits: number;
}

/**
 * The kernel's count of connections dropped because a listener's accept queue was full, and of SYNs sent again (a
 * dropped connection's client waits 1 s, then 3, 7 … before it tries again): what a burst of new connections costs
 * when a backlog is too small. Machine-wide; null where /proc/net/netstat is not readable.
 */
export function tcpDrops(): TcpDrops | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const header = lines.findIndex((l) => l.startsWith('TcpExt:'));
    const names = lines[header]?.split(/\s+/) ?? [];
    const values = lines[header + 1]?.split(/\s+/) ?? [];
    const get = (name: string) => Number(values[names.indexOf(name)] ?? NaN);
    const drops = { listenOverflows: get('ListenOverflows'), synRetransmits: get('TCPSynRetrans') };
    return Number.isFinite(drops.listenOverflows) && Number.isFinite(drops.synRetransmits) ? drops : null;
  } catch {
    return null;
  }
}

export function dropsSince(before: TcpDrops | null): TcpDrops | null {
  const now = tcpDrops();
  if (!before || !now) return null;
  return { listenOverflows: now.listenOverflows - before.listenOverflows, synRetransmits: now.synRetransmits - before.synRetransmits };
}
