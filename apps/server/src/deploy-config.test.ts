import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const deploy = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy');
const read = (name: string) =>
  readFileSync(path.join(deploy, name), 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, ''))
    .join('\n');

/**
 * Each directive with the depth of braces it sits in (the file is included in http{}: server = 1, location = 2) and
 * the location it belongs to.
 */
function directives(conf: string) {
  const out: { name: string; args: string; depth: number; location: string }[] = [];
  let depth = 0;
  let location = '';
  for (const token of conf.match(/("[^"]*"|'[^']*'|[^{};"'])+[{};]/g) ?? []) {
    const text = token.slice(0, -1).trim();
    const [name = '', ...args] = text.split(/\s+/);
    if (token.endsWith('}')) depth--;
    else if (text) out.push({ name, args: args.join(' '), depth, location });
    if (name === 'location') location = args.join(' ');
    if (token.endsWith('{')) depth++;
    if (depth < 2) location = '';
  }
  return out;
}

describe.each(['nginx.conf', 'nginx.compose.conf'])('deploy/%s', (file) => {
  const conf = read(file);
  const all = directives(conf);

  it('sends the address nginx saw as X-Forwarded-For, and its own X-Forwarded-Host, to every location', () => {
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
    const headers = all.filter((d) => d.name === 'proxy_set_header');
    // Set at server level only: a location with any proxy_set_header of its own would inherit none of these.
    expect(headers.every((d) => d.depth === 1)).toBe(true);
    const args = headers.map((d) => d.args);
    expect(args).toContain('X-Forwarded-For $remote_addr');
    expect(args).toContain('X-Forwarded-Host $host');
    expect(args).toContain('X-Forwarded-Proto $scheme');
  });

  it('leaves caching to the app, which never marks a missing asset cacheable', () => {
    expect(all.filter((d) => d.name === 'expires')).toEqual([]);
    expect(all.filter((d) => d.name === 'add_header' && /^cache-control/i.test(d.args))).toEqual([]);
  });

  it('keeps query strings and referrers (WeChat OAuth code and state, phone numbers) out of the access log', () => {
    const format = /log_format\s+lingxi\s+([^;]+);/.exec(conf)?.[1] ?? '';
    expect(format).toContain('$uri');
    for (const v of ['$request ', '$request"', '$request_uri', '$args', '$query_string', '$http_referer', '$arg_']) {
      expect(format).not.toContain(v);
    }
    const logs = all.filter((d) => d.name === 'access_log');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((d) => d.args.endsWith(' lingxi'))).toBe(true);
  });
});

describe('deploy/nginx.conf TLS', () => {
  const all = directives(read('nginx.conf'));

  it('terminates TLS and sends HSTS on every answer', () => {
    expect(all.some((d) => d.name === 'ssl_certificate')).toBe(true);
    expect(all.find((d) => d.name === 'ssl_protocols')?.args).toBe('TLSv1.2 TLSv1.3');
    const hsts = all.filter((d) => d.name === 'add_header' && d.args.startsWith('Strict-Transport-Security'));
    expect(hsts.length).toBeGreaterThan(0);
    expect(hsts.every((d) => /max-age=\d{8,}/.test(d.args) && d.args.endsWith('always'))).toBe(true);
    expect(hsts.some((d) => d.depth === 1)).toBe(true);
    // A location with its own add_header inherits none of the server's: each such location must repeat HSTS.
    const locationsWithHeaders = new Set(all.filter((d) => d.name === 'add_header' && d.location).map((d) => d.location));
    for (const loc of locationsWithHeaders) expect(hsts.map((d) => d.location)).toContain(loc);
  });

  it('redirects plain http to the configured host, never to the Host header a client sent', () => {
    const redirects = all.filter((d) => d.name === 'return' && d.args.startsWith('301'));
    expect(redirects.length).toBeGreaterThan(0);
    for (const r of redirects) expect(r.args).not.toContain('$host');
  });
});
