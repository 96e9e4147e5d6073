// Test support (not a test file): ES256 key pairs made for a test run, so no test reads or
// writes the key files of a DATA_DIR.
import { generateKeyPairSync } from 'node:crypto';
import type { KeyPems } from '../tokens/signing-keys.ts';

/** A new P-256 key pair as PEM (PKCS#8 private, SPKI public). */
export function newTestKeyPems(): KeyPems {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** The document signing key every test app of this process uses, unless a test brings its own. */
export const TEST_DOCUMENT_PRIVATE_KEY = newTestKeyPems().privateKeyPem;
