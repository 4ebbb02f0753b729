// `npm start`: build the web app when its sources changed since the last build, bundle the server (ADR 028), then
// serve web + API on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverArgs } from '../apps/server/server-build.mjs';
import { buildWeb, isWebBuildStale } from '../apps/web/web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (isWebBuildStale()) {
  console.log('[start] 正在构建前端 (vite build)…');
  try {
    await buildWeb({ logLevel: 'warn' });
  } catch {
    process.exit(1);
  }
}

await buildServer();
const server = spawn(process.execPath, serverArgs(), { stdio: 'inherit', cwd: root });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
