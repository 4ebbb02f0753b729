// The server as one ES module (ADR 028): our TypeScript — the server and the workspace packages it imports — bundled
// by esbuild, every installed dependency left to Node. `npm start`, the Docker image and the tests that start the
// server as a process all run this file; `npm run dev`, vitest and the in-process tests run the sources.
// Usage: `node apps/server/server-build.mjs` (npm run build:server), or import { buildServer }.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
export const serverBundle = path.join(serverDir, 'dist/server.mjs');

/** Bare imports stay imports, except our own workspace packages, which are TypeScript sources. */
const dependenciesExternal = {
  name: 'dependencies-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@lingxi/') ? undefined : { external: true }));
  },
};

/**
 * Builds dist/server.mjs (~0.3 s, so it is simply built every time). The files are written under temporary names and
 * renamed, so a process starting from the bundle meanwhile never reads half of one.
 */
export async function buildServer() {
  const result = await build({
    entryPoints: [path.join(serverDir, 'src/server.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    // Stack traces and logs name functions as written.
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    plugins: [dependenciesExternal],
  });
  mkdirSync(path.dirname(serverBundle), { recursive: true });
  const suffix = `.${process.pid}.${Date.now()}.tmp`;
  // The map first: a bundle never points at a map that is not there yet.
  const files = [...result.outputFiles].sort((a) => (a.path.endsWith('.map') ? -1 : 1));
  for (const file of files) {
    writeFileSync(file.path + suffix, file.contents);
    renameSync(file.path + suffix, file.path);
  }
  return serverBundle;
}

/**
 * Makes `dir` a PGlite data directory with every migration applied, as a server leaves DATA_DIR/pglite after its first
 * start: tests copy it rather than pay initdb and the migrations (~5 s of CPU) in every server or database they start.
 * With `dump`, also returns the directory as an uncompressed tarball (PGlite's loadDataDir).
 */
export async function migratedPglite(dir, { dump = false } = {}) {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create(dir);
  try {
    await migrate(drizzle({ client }), { migrationsFolder: path.join(serverDir, 'src/db/migrations') });
    return dump ? Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()) : undefined;
  } finally {
    await client.close();
  }
}

/** The arguments that start the built server with `node` (source maps for stack traces that name our files). */
export const serverArgs = () => ['--enable-source-maps', serverBundle];

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(`[build:server] ${path.relative(process.cwd(), serverBundle)} (${Math.round(performance.now() - started)} ms)`);
}
