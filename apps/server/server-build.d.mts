/** Builds apps/server/dist/server.mjs and resolves with its path. */
export function buildServer(): Promise<string>;
/** apps/server/dist/server.mjs */
export const serverBundle: string;
/** `node` arguments that start the built server. */
export function serverArgs(): string[];
