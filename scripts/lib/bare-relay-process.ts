/** Starts scripts/lib/bare-relay.ts in its own process for bench:chat; its CPU time read from /proc like the server's. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './http-load';
import { cpuOf } from './server-process';

export async function startBareRelay(upstreamUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/lib/bare-relay.ts'), upstreamUrl], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`bare relay exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    cpuMs: () => cpuOf(child.pid as number),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
