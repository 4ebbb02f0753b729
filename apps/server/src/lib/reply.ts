/** The spec's envelope: every JSON answer carries success, message and data. */
export const ok = <T>(data: T, message = '成功') => ({ success: true as const, message, data });
