const PHONE = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

/** Phone numbers are personal data: never written to a log line in full (spec quality bar, PIPL). */
export const maskPhonesIn = (s: string) => s.replace(PHONE, '$1****$2');

// Query parameters that are credentials for a moment: WeChat's OAuth code and state, tickets, tokens, signatures.
const SECRET_PARAMS = new Set([
  'code',
  'state',
  'ticket',
  'token',
  'access_token',
  'refresh_token',
  'password',
  'secret',
  'sign',
  'auth_code',
]);
const keyOf = (pair: string) => {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
};

/** A request URL fit for a log line: secret query values replaced by ***, phone numbers masked. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return maskPhonesIn(url);
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => (pair.includes('=') && SECRET_PARAMS.has(keyOf(pair)) ? `${pair.split('=', 1)[0]}=***` : pair))
    .join('&');
  return maskPhonesIn(`${url.slice(0, q)}?${query}`);
}
