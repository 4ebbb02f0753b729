/** Builds apps/server/dist/server.mjs and resolves with its path. */
export function buildServer(): Promise<string>;
/** apps/server/dist/server.mjs */
export const serverBundle: string;
/** `node` arguments that start the built server. */
export function serverArgs(): string[];
/** Makes `dir` a migrated PGlite data directory; with `dump`, resolves with it as an uncompressed tarball. */
export function migratedPglite(dir: string, options: { dump: true }): Promise<Buffer>;
export function migratedPglite(dir: string, options?: { dump?: false }): Promise<undefined>;
