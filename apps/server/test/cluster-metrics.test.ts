import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function runCluster(env: Record<string, string>): Promise<{ text?: string; error?: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/fixtures/cluster-metrics-primary.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', () => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as { text?: string; error?: string; ms: number });
      else reject(new Error(`no result from the cluster:\n${out}`));
    });
  });
}

describe('/api/metrics gathered across cluster workers', () => {
  it('answers while a replacement worker is still booting, counting the workers that serve', async () => {
    const r = await runCluster({});
    expect(r.error).toBeUndefined();
    expect(r.text).toMatch(/fixture_requests_total 3\n/);
  }, 40_000);

  it('leaves out a worker that does not answer in time instead of failing the scrape', async () => {
    const r = await runCluster({ HUNG: '1', GATHER_TIMEOUT_MS: '300' });
    expect(r.error).toBeUndefined();
    expect(r.text).toMatch(/fixture_requests_total 3\n/);
  }, 40_000);
});
