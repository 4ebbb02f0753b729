/**
 * bench:chat's floor: the least a Node process can do to relay the same streams — read the question, ask the upstream
 * over a kept-alive node:http connection, pass each delta on as an SSE `data:` line, end with `event: final`. No auth,
 * no database, no moderation, no history. Run in its own process like the other bench servers (http-load's
 * `startServer`: `bare-relay.ts serve <upstream url>`), it reports its port and, when asked, its CPU over IPC. What
 * this adds to the direct baseline on a machine is what the machine charges any Node relay; the server's figure beside
 * it is the floor plus the app's own work.
 */
import { Agent, createServer, request } from 'node:http';

const upstream = new URL(`${(process.argv[3] ?? '').replace(/\/+$/, '')}/chat/completions`);
const agent = new Agent({ keepAlive: true });

const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (s: string) => (body += s));
  req.on('end', () => {
    const { query } = JSON.parse(body) as { query: string };
    const up = request(upstream, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (ur) => {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      res.flushHeaders();
      let buf = '';
      ur.setEncoding('utf8');
      ur.on('data', (s: string) => {
        buf += s;
        let at: number;
        while ((at = buf.indexOf('\n\n')) >= 0) {
          const line = buf.slice(0, at);
          buf = buf.slice(at + 2);
          if (!line.startsWith('data: ')) continue;
          const data = line.slice(6);
          if (data === '[DONE]') continue;
          const text = (JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content;
          if (text) res.write(`data: ${text}\n\n`);
        }
      });
      ur.on('end', () => res.end('event: final\ndata: {}\n\n'));
    });
    up.on('error', () => res.destroy());
    up.end(JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: query }], stream: true }));
  });
});
server.listen({ host: '127.0.0.1', port: 0, backlog: 4096 }, () => {
  process.send?.({ port: (server.address() as { port: number }).port });
});
process.on('message', () => process.send?.({ cpu: process.cpuUsage() }));
process.on('SIGTERM', () => process.exit(0));
