/** One server-sent event block ('event:' and 'data:' lines) as a client reads it; null for a comment-only block. */
export function parseSseBlock(block: string): { event: string; data: string } | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
  }
  return data.length ? { event, data: data.join('\n') } : null;
}
