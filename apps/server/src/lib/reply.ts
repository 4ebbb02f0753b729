/** The spec's envelope: every JSON answer carries success, message and data. */
export const ok = <T>(data: T, message = '成功') => ({ success: true as const, message, data });

/**
 * Route option `serializerCompiler` for hot routes whose answer is built field by field from a fixed shape (and typed
 * against the contract at compile time): plain JSON.stringify instead of re-validating with zod on every answer. The
 * response schema stays for OpenAPI. Never for answers built from whole database rows (zod strips unknown fields).
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);
