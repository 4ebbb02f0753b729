import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

const PHONE = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

/** Phone numbers are personal data: never written to a log line in full (spec quality bar, PIPL). */
export const maskPhonesIn = (s: string) => s.replace(PHONE, '$1****$2');

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.confirmPassword', '*.code', '*.token', '*.secret'],
      censor: '[已隐藏]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: maskPhonesIn(req.url), ip: req.ip }),
    },
  };
}
