/** An error whose message is safe to show a user; anything else becomes a generic 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'APP_ERROR',
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, message, code);
export const unauthorized = (message = '未登录或登录已过期，请重新登录') => new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message = '无权访问') => new AppError(403, message, 'FORBIDDEN');
export const notFound = (message = '资源不存在') => new AppError(404, message, 'NOT_FOUND');
export const conflict = (message: string) => new AppError(409, message, 'CONFLICT');
export const tooMany = (message: string, extra?: Record<string, unknown>) => new AppError(429, message, 'TOO_MANY', extra);
