import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../apps/server/server-build.mjs';

describe('the server bundle (ADR 028)', () => {
  it('carries our TypeScript and the workspace packages, and leaves every installed dependency to Node', async () => {
    const file = await buildServer();
    const code = readFileSync(file, 'utf8');
    // Dependencies are imported where they are installed, never copied in.
    expect(code).toMatch(/from "fastify"/);
    expect(code).toMatch(/from "@electric-sql\/pglite"|import\("@electric-sql\/pglite"\)/);
    // The workspace packages are TypeScript sources Node cannot load: they must be inside.
    expect(code).not.toMatch(/from "@lingxi\//);
    expect(code).toContain('BAZI_MESSAGES');
    // The migrations stay on disk, found from the bundle's own folder.
    expect(code).toContain('src/db/migrations');
    expect(readFileSync(`${file}.map`, 'utf8')).toContain('apps/server/src/server.ts'.split('/').slice(-2).join('/'));
  }, 60_000);
});
