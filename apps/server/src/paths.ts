import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server's files are, the same whether this module runs from its source (src/paths.ts, under tsx or vitest)
 * or inside the bundle `npm start` runs (dist/server.mjs, ADR 028): both sit one folder below apps/server.
 */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverDir, '../..');
/** Read at start by the migrator; the bundle leaves them where they are. */
export const migrationsFolder = path.join(serverDir, 'src/db/migrations');
