import { PRODUCT_NAME } from '@lingxi/shared/rules';

/**
 * Build-time settings, read once so a bad value fails loudly at start instead of deep inside a page. Plain checks
 * rather than a zod schema: this module is on the path of every page, and zod would be most of its weight.
 *
 * API base: the spec picks an API host from the page host (localhost → :8000, LAN → LAN API, else production).
 * We deviate on purpose: our server serves the web app and the API from one origin (port 8000), and the Vite dev
 * server proxies /api there, so the same-origin '/api' is right everywhere and needs no CORS. VITE_API_BASE_URL
 * overrides it for a split deployment.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type RawEnv = Record<string, unknown>;

/** A set, non-blank value trimmed; '' and absent both mean "use the default". */
function text(raw: RawEnv, name: string, fallback: string, bad: string[], valid: (v: string) => boolean = () => true): string {
  const value = raw[name];
  if (value === undefined || value === '') return fallback;
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (!trimmed || !valid(trimmed)) {
    bad.push(name);
    return fallback;
  }
  return trimmed;
}

export function parseEnv(raw: RawEnv) {
  const bad: string[] = [];
  const env = {
    productName: text(raw, 'VITE_PRODUCT_NAME', PRODUCT_NAME, bad),
    apiBaseUrl: text(raw, 'VITE_API_BASE_URL', '/api', bad).replace(/\/+$/, ''),
    contactEmail: text(raw, 'VITE_CONTACT_EMAIL', 'support@example.com', bad, (v) => EMAIL.test(v)),
    contactPhone: text(raw, 'VITE_CONTACT_PHONE', '400-000-0000', bad),
  } as const;
  if (bad.length) throw new Error(`Invalid web environment variable(s): ${bad.join(', ')}`);
  return env;
}

export const config = parseEnv(import.meta.env);
