import { PRODUCT_NAME } from '@lingxi/shared';
import { z } from 'zod';

/**
 * Build-time settings, parsed once so a bad value fails loudly at start instead of deep inside a page.
 *
 * API base: the spec picks an API host from the page host (localhost → :8000, LAN → LAN API, else production).
 * We deviate on purpose: our server serves the web app and the API from one origin (port 8000), and the Vite dev
 * server proxies /api there, so the same-origin '/api' is right everywhere and needs no CORS. VITE_API_BASE_URL
 * overrides it for a split deployment.
 */
const envSchema = z.object({
  VITE_PRODUCT_NAME: z.string().trim().min(1).default(PRODUCT_NAME),
  VITE_API_BASE_URL: z.string().trim().min(1).default('/api'),
  VITE_CONTACT_EMAIL: z.email().default('support@example.com'),
  VITE_CONTACT_PHONE: z.string().trim().min(1).default('400-000-0000'),
});

function emptyToUndefined(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === '' ? undefined : v]));
}

function parseEnv() {
  const result = envSchema.safeParse(emptyToUndefined(import.meta.env));
  if (!result.success) {
    const names = result.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid web environment variable(s): ${names}`);
  }
  const env = result.data;
  return {
    productName: env.VITE_PRODUCT_NAME,
    apiBaseUrl: env.VITE_API_BASE_URL.replace(/\/+$/, ''),
    contactEmail: env.VITE_CONTACT_EMAIL,
    contactPhone: env.VITE_CONTACT_PHONE,
  } as const;
}

export const config = parseEnv();
