import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializeError } from './log-error';
import { maskUrl } from './log-masks';

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.confirmPassword', '*.code', '*.token', '*.secret'],
      censor: '[已隐藏]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: maskUrl(req.url), ip: req.ip }),
      err: serializeError,
    },
  };
}
