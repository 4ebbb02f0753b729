import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.env.example');

/** Names .env.example sets or shows commented out: `NAME=…` or `# NAME=…` at the start of a line. */
function documented(text: string): Set<string> {
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? ''));
}

describe('.env.example', () => {
  const read = Object.keys(envSchema.shape).sort();
  const listed = documented(readFileSync(file, 'utf8'));

  it('lists every variable the server reads', () => {
    const missing = read.filter((name) => !listed.has(name));
    expect(
      missing,
      `add to .env.example, each under a comment saying what it does (commented out when it has no useful default): ${missing.join(', ')}`,
    ).toEqual([]);
  });

  it('lists nothing the server does not read', () => {
    const unknown = [...listed].filter((name) => !read.includes(name)).sort();
    expect(
      unknown,
      `in .env.example but not in the config schema (apps/server/src/config.ts or a module's config.ts): ${unknown.join(', ')}`,
    ).toEqual([]);
  });
});
