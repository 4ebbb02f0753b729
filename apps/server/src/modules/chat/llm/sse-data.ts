/**
 * The `data` of each server-sent event in a stream of text pieces (multi-line data joined by '\n'); comments and
 * other fields are skipped. Synchronous: each complete event is handed on within the `push` that completed it.
 */
export function createSseDataParser(onData: (data: string) => void) {
  let buf = '';
  let data: string[] = [];
  const line = (l: string) => {
    if (l === '') {
      if (data.length) onData(data.length === 1 ? (data[0] as string) : data.join('\n'));
      data = [];
    } else if (l.startsWith('data:')) data.push(l.slice(l.charCodeAt(5) === 32 ? 6 : 5));
  };
  return {
    push(piece: string) {
      buf = buf ? buf + piece : piece;
      let from = 0;
      for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n', from)) {
        line(buf.slice(from, nl > from && buf.charCodeAt(nl - 1) === 13 ? nl - 1 : nl));
        from = nl + 1;
      }
      buf = from ? buf.slice(from) : buf;
    },
    end() {
      if (buf) line(buf);
      line('');
      buf = '';
    },
  };
}
