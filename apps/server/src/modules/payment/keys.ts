import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';

/**
 * Reads a key as merchants receive them: PEM of any RSA flavour (PKCS#1, PKCS#8, SPKI, an X.509 certificate) or the
 * bare base64 DER Alipay's key tool prints, with `\n` escapes from a one-line env var undone.
 */
function material(text: string): { pem: string } | { der: Buffer } {
  const t = text.replace(/\\n/g, '\n').trim();
  if (t.includes('-----BEGIN')) return { pem: t };
  return { der: Buffer.from(t.replace(/\s+/g, ''), 'base64') };
}

export function readPrivateKey(text: string): KeyObject {
  const m = material(text);
  if ('pem' in m) return createPrivateKey(m.pem);
  try {
    return createPrivateKey({ key: m.der, format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: m.der, format: 'der', type: 'pkcs1' });
  }
}

export function readPublicKey(text: string): KeyObject {
  const m = material(text);
  if ('pem' in m) return createPublicKey(m.pem);
  try {
    return createPublicKey({ key: m.der, format: 'der', type: 'spki' });
  } catch {
    return createPublicKey({ key: m.der, format: 'der', type: 'pkcs1' });
  }
}

export const privatePem = (k: KeyObject) => k.export({ type: 'pkcs8', format: 'pem' }).toString();
export const publicPem = (k: KeyObject) => k.export({ type: 'spki', format: 'pem' }).toString();

export interface RsaPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** A fresh RSA-2048 pair (sandbox gateways and tests; real keys come from the merchant platforms). */
export const generateRsaPair = () =>
  new Promise<RsaPair>((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (err, publicKey, privateKey) =>
      err ? reject(err) : resolve({ publicKey, privateKey }),
    ),
  );

/** Holds a symmetric secret so that logging or serialising a config object never prints it. */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON() {
    return '[secret]';
  }
  toString() {
    return '[secret]';
  }
  [Symbol.for('nodejs.util.inspect.custom')]() {
    return '[secret]';
  }
}
