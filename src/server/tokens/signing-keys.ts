// The ES256 key pairs this service signs with: status links' and pre-clearance documents' each
// have their own, so a token made for one can never be passed off as the other. Either given by
// configuration (production) or, in local use, made once into DATA_DIR/keys.
import { createPrivateKey, createPublicKey, generateKeyPair, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { CryptoKey, JWK } from 'jose';
import { calculateJwkThumbprint, importPKCS8, importSPKI } from 'jose';

/** The only algorithm this service signs and accepts. */
export const SIGNING_ALGORITHM = 'ES256';

const KEY_FOLDER = 'keys';

export interface KeyPems {
  readonly privateKeyPem: string;
  readonly publicKeyPem: string;
}

export interface SigningKey {
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  /** The RFC 7638 thumbprint of the public key: names it in tokens' `kid` and in a JWKS. */
  readonly keyId: string;
  /** The public key as a JWK (with `kid`, `alg` and `use`), as a JWKS publishes it. */
  readonly publicJwk: JWK;
}

/**
 * The key pair's keys, checked to be ES256 (P-256) and a pair. `where` names their source in
 * errors (the variables or the files); key material is never echoed.
 */
export async function signingKeyOf(pems: KeyPems, where: string): Promise<SigningKey> {
  let privateKey: CryptoKey;
  let publicKey: CryptoKey;
  try {
    privateKey = await importPKCS8(pems.privateKeyPem, SIGNING_ALGORITHM);
    publicKey = await importSPKI(pems.publicKeyPem, SIGNING_ALGORITHM);
  } catch {
    throw new Error(`Signing keys: ${where} must be PEM ES256 (P-256) keys, PKCS#8 private and SPKI public`);
  }
  const derivedPublic = createPublicKey(pems.privateKeyPem).export({ type: 'spki', format: 'der' });
  const givenPublic = createPublicKey(pems.publicKeyPem).export({ type: 'spki', format: 'der' });
  // A mismatched pair would sign tokens that never verify: every link or document would be dead.
  if (!derivedPublic.equals(givenPublic)) throw new Error(`Signing keys: ${where} are not a key pair`);
  const { kty, crv, x, y } = createPublicKey(pems.publicKeyPem).export({ format: 'jwk' });
  const keyId = await calculateJwkThumbprint({ kty, crv, x, y });
  return {
    privateKey,
    publicKey,
    keyId,
    publicJwk: { kty, crv, x, y, kid: keyId, alg: SIGNING_ALGORITHM, use: 'sig' },
  };
}

/** The public key of a PEM private key, as SPKI PEM. Throws when `privateKeyPem` is not a private key. */
export function publicKeyPemOf(privateKeyPem: string): string {
  return createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString();
}

/**
 * Local use without configured keys: one key pair named `stem` made on first start and kept in
 * DATA_DIR, so what was signed before a restart still verifies afterwards. Several processes may
 * start at once on one DATA_DIR; the private key is published with link(2), which fails when the
 * file exists, so exactly one generated key wins, every process reads that one, and no process
 * ever reads a half-written file. The public key file is derived from the private key, so
 * rewriting it is harmless.
 */
export async function generatedKeyPems(dataDir: string, stem: string): Promise<KeyPems> {
  const folder = join(dataDir, KEY_FOLDER);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const privatePath = join(folder, `${stem}-private.pem`);
  const publicPath = join(folder, `${stem}-public.pem`);

  let privateKeyPem = await readIfExists(privatePath);
  if (privateKeyPem === undefined) {
    const generated = await generatePrivateKeyPem();
    privateKeyPem = (await createExclusively(privatePath, generated)) ? generated : await readFile(privatePath, 'utf8');
  }

  let publicKeyPem: string;
  try {
    publicKeyPem = publicKeyPemOf(privateKeyPem);
  } catch {
    throw new Error(`Signing keys: ${privatePath} is not a PEM private key; delete it to generate a new pair`);
  }
  if ((await readIfExists(publicPath)) !== publicKeyPem) await writeAtomically(publicPath, publicKeyPem);
  return { privateKeyPem, publicKeyPem };
}

async function generatePrivateKeyPem(): Promise<string> {
  const { privateKey } = await promisify(generateKeyPair)('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return privateKey;
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

function temporaryPath(path: string): string {
  return `${path}.${process.pid}.${randomUUID()}.tmp`;
}

/** Publishes the whole file under `path` unless a file is already there; true when this call won. */
async function createExclusively(path: string, content: string): Promise<boolean> {
  const temporary = temporaryPath(path);
  await writeFile(temporary, content, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    if (isErrnoException(error) && error.code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

async function writeAtomically(path: string, content: string): Promise<void> {
  const temporary = temporaryPath(path);
  try {
    await writeFile(temporary, content, { mode: 0o600, flag: 'wx' });
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}
