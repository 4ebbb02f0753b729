/**
 * An incremental parser for server-sent events as read from a fetch body (EventSource cannot POST or send headers).
 * Events end with a blank line; each `data:` line adds one line to the event's data (joined with '\n'); one space
 * after the colon is removed; lines starting with ':' are comments (the server's heartbeat); CRLF, LF and CR all
 * end a line, even when a chunk boundary falls between CR and LF.
 */
export interface SseEvent {
  /** 'message' when the event has no name: a text chunk. */
  event: string;
  data: string;
}

export function createSseParser(onEvent: (e: SseEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length) onEvent({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  };

  const line = (l: string) => {
    if (l === '') return dispatch();
    if (l.startsWith(':')) return;
    const colon = l.indexOf(':');
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? '' : l.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      const re = /\r\n|\r|\n/g;
      let start = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(buffer))) {
        // A lone CR at the very end may be the first half of CRLF: wait for the next chunk.
        if (m[0] === '\r' && m.index === buffer.length - 1) break;
        line(buffer.slice(start, m.index));
        start = m.index + m[0].length;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: a last line without its newline still counts, and a pending event is delivered. */
    end() {
      if (buffer) line(buffer.replace(/\r$/, ''));
      buffer = '';
      dispatch();
    },
  };
}
