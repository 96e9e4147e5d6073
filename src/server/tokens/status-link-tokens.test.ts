import { generateKeyPairSync, verify as verifySignature } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, base64url, decodeJwt, decodeProtectedHeader, importPKCS8 } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ExpiredTokenError,
  InvalidTokenError,
  STATUS_LINK_AUDIENCE,
  STATUS_LINK_ISSUER,
  createStatusLinkTokens,
} from './status-link-tokens.ts';
import { newTestKeyPems } from '../test-support/test-keys.ts';

const DAY_MS = 86_400_000;
const start = new Date('2026-03-05T10:00:00Z');

const pemPair = newTestKeyPems;

// One pair for the tests that need config keys: generating is cheap, but one is enough.
const configKeys = pemPair();

let dataDir: string;
let clock: Date;
const now = (): Date => clock;

function config(overrides: Partial<Parameters<typeof createStatusLinkTokens>[0]> = {}) {
  return {
    tokenKeys: configKeys,
    dataDir,
    statusLinkTtlDays: 90,
    publicBaseUrl: 'https://cwc.example.gov.uk',
    ...overrides,
  };
}

/** Signs arbitrary claims with the config private key, the way a token with the wrong claims would be made. */
async function signWithConfigKey(
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'ES256' },
): Promise<string> {
  const key = await importPKCS8(configKeys.privateKeyPem, 'ES256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', ...header }).sign(key);
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);
const validClaims = () => ({
  iss: STATUS_LINK_ISSUER,
  aud: STATUS_LINK_AUDIENCE,
  sub: 'submission-1',
  iat: seconds(start),
  exp: seconds(start) + 3600,
});

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'status-link-tokens-'));
  clock = start;
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('sign and verify', () => {
  it('round-trips the submission id', async () => {
    const tokens = await createStatusLinkTokens(config(), { now });
    const token = await tokens.sign('CWC-ABC123-1');
    await expect(tokens.verify(token)).resolves.toEqual({ submissionId: 'CWC-ABC123-1' });
  });

  it('signs with ES256, a key id and the iss, aud, sub, iat and exp claims', async () => {
    const tokens = await createStatusLinkTokens(config({ statusLinkTtlDays: 30 }), { now });
    const token = await tokens.sign('submission-7');
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('ES256');
    expect(header.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(decodeJwt(token)).toEqual({
      iss: STATUS_LINK_ISSUER,
      aud: STATUS_LINK_AUDIENCE,
      sub: 'submission-7',
      iat: seconds(start),
      exp: seconds(start) + 30 * 86_400,
    });
  });

  it('accepts a token until its last second and rejects it as expired afterwards', async () => {
    const tokens = await createStatusLinkTokens(config({ statusLinkTtlDays: 90 }), { now });
    const token = await tokens.sign('submission-1');
    clock = new Date(start.getTime() + 90 * DAY_MS - 1000);
    await expect(tokens.verify(token)).resolves.toEqual({ submissionId: 'submission-1' });
    clock = new Date(start.getTime() + 90 * DAY_MS + 1000);
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(ExpiredTokenError);
  });

  it('refuses to sign without a submission id', async () => {
    const tokens = await createStatusLinkTokens(config(), { now });
    await expect(tokens.sign('')).rejects.toThrow(TypeError);
  });

  it('builds the status link from the public address', async () => {
    const tokens = await createStatusLinkTokens(config(), { now });
    const token = await tokens.sign('submission-1');
    // With the language its email is written in, so that it opens in that language (decision 032).
    expect(tokens.statusLink(token, 'en')).toBe(`https://cwc.example.gov.uk/status?epat=${token}&lang=en`);
    expect(tokens.statusLink(token, 'cy')).toBe(`https://cwc.example.gov.uk/status?epat=${token}&lang=cy`);
  });
});

describe('verify rejects', () => {
  async function expectInvalid(token: string, reason?: string): Promise<void> {
    const tokens = await createStatusLinkTokens(config(), { now });
    const error = await tokens.verify(token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidTokenError);
    if (reason !== undefined) expect((error as InvalidTokenError).reason).toBe(reason);
  }

  it('a token whose payload was altered', async () => {
    const tokens = await createStatusLinkTokens(config(), { now });
    const [header, , signature] = (await tokens.sign('submission-1')).split('.');
    const forgedPayload = base64url.encode(JSON.stringify({ ...validClaims(), sub: 'submission-2' }));
    await expectInvalid(`${header}.${forgedPayload}.${signature}`, 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
  });

  it('a token whose signature was altered', async () => {
    const tokens = await createStatusLinkTokens(config(), { now });
    const [header, payload, signature = ''] = (await tokens.sign('submission-1')).split('.');
    const bytes = base64url.decode(signature);
    bytes[10] = (bytes[10] ?? 0) ^ 0xff;
    await expectInvalid(`${header}.${payload}.${base64url.encode(bytes)}`, 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
  });

  it('a token for another audience', async () => {
    await expectInvalid(
      await signWithConfigKey({ ...validClaims(), aud: 'creative-worker-concession:download' }),
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
  });

  it('a token from another issuer', async () => {
    await expectInvalid(
      await signWithConfigKey({ ...validClaims(), iss: 'someone-else' }),
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
  });

  it('a token without exp', async () => {
    const { exp: _exp, ...claims } = validClaims();
    await expectInvalid(await signWithConfigKey(claims), 'ERR_JWT_CLAIM_VALIDATION_FAILED');
  });

  it('a token without sub', async () => {
    const { sub: _sub, ...claims } = validClaims();
    await expectInvalid(await signWithConfigKey(claims), 'ERR_JWT_CLAIM_VALIDATION_FAILED');
  });

  it('a token with an empty sub', async () => {
    await expectInvalid(await signWithConfigKey({ ...validClaims(), sub: '' }), 'ERR_JWT_CLAIM_VALIDATION_FAILED');
  });

  it('an expired token for another audience as invalid, not expired', async () => {
    await expectInvalid(
      await signWithConfigKey({ ...validClaims(), aud: 'other', exp: seconds(start) - 60 }),
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
  });

  it('an unsigned token (alg none) crafted by hand', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    const payload = base64url.encode(JSON.stringify(validClaims()));
    await expectInvalid(`${header}.${payload}.`, 'ERR_JOSE_ALG_NOT_ALLOWED');
  });

  it('a token signed by another key, even with a valid shape and an expired exp', async () => {
    const other = await createStatusLinkTokens(config({ tokenKeys: pemPair() }), { now });
    await expectInvalid(await other.sign('submission-1'), 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
    const expired = await other.sign('submission-1');
    clock = new Date(start.getTime() + 365 * DAY_MS);
    const tokens = await createStatusLinkTokens(config(), { now });
    await expect(tokens.verify(expired)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const header = base64url.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const payload = base64url.encode(JSON.stringify(validClaims()));
    const secret = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(configKeys.publicKeyPem),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const signature = await crypto.subtle.sign('HMAC', secret, new TextEncoder().encode(`${header}.${payload}`));
    await expectInvalid(
      `${header}.${payload}.${base64url.encode(new Uint8Array(signature))}`,
      'ERR_JOSE_ALG_NOT_ALLOWED',
    );
  });

  it.each([
    ['an empty string', ''],
    ['garbage', 'not-a-token'],
    ['two parts', 'abc.def'],
    ['bad base64', '!!!.@@@.###'],
    ['a JSON header that is not an object', `${base64url.encode('"x"')}.${base64url.encode('{}')}.sig`],
  ])('%s', async (_name, token) => {
    await expectInvalid(token);
  });

  it('with a reason code and never the token in the error', async () => {
    const tokens = await createStatusLinkTokens(config(), { now });
    const token = await signWithConfigKey({ ...validClaims(), aud: 'other' });
    const error = await tokens.verify(token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect((error as InvalidTokenError).reason).toBe('ERR_JWT_CLAIM_VALIDATION_FAILED');
    expect(JSON.stringify(error) + String(error)).not.toContain(token);
  });
});

describe('verifyIgnoringExpiry (for a new link)', () => {
  const RETENTION_DAYS = 180;

  async function expectRefused(token: string, reason: string): Promise<void> {
    const tokens = await createStatusLinkTokens(config(), { now });
    const error = await tokens.verifyIgnoringExpiry(token, RETENTION_DAYS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect((error as InvalidTokenError).reason).toBe(reason);
  }

  it('accepts one of our tokens before and after its exp, with its issue time', async () => {
    const tokens = await createStatusLinkTokens(config({ statusLinkTtlDays: 90 }), { now });
    const token = await tokens.sign('submission-1');
    await expect(tokens.verifyIgnoringExpiry(token, RETENTION_DAYS)).resolves.toEqual({
      submissionId: 'submission-1',
      issuedAt: start,
    });
    clock = new Date(start.getTime() + 120 * DAY_MS);
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(ExpiredTokenError);
    await expect(tokens.verifyIgnoringExpiry(token, RETENTION_DAYS)).resolves.toEqual({
      submissionId: 'submission-1',
      issuedAt: start,
    });
  });

  it('refuses a token issued longer ago than the retention period, to the second', async () => {
    const tokens = await createStatusLinkTokens(config(), { now });
    const token = await tokens.sign('submission-1');
    clock = new Date(start.getTime() + RETENTION_DAYS * DAY_MS);
    await expect(tokens.verifyIgnoringExpiry(token, RETENTION_DAYS)).resolves.toMatchObject({
      submissionId: 'submission-1',
    });
    clock = new Date(start.getTime() + RETENTION_DAYS * DAY_MS + 1000);
    const error = await tokens.verifyIgnoringExpiry(token, RETENTION_DAYS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidTokenError);
    expect((error as InvalidTokenError).reason).toBe('ERR_TOKEN_TOO_OLD');
  });

  it('still refuses altered, foreign and incomplete tokens, expired or not', async () => {
    const tokens = await createStatusLinkTokens(config(), { now });
    const [header, payload, signature = ''] = (await tokens.sign('submission-1')).split('.');
    const bytes = base64url.decode(signature);
    bytes[3] = (bytes[3] ?? 0) ^ 0xff;
    await expectRefused(`${header}.${payload}.${base64url.encode(bytes)}`, 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
    const expiredPayload = base64url.encode(
      JSON.stringify({ ...validClaims(), sub: 'submission-2', exp: seconds(start) - 60 }),
    );
    await expectRefused(`${header}.${expiredPayload}.${signature}`, 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED');

    const expired = { exp: seconds(start) - 60, iat: seconds(start) - 3600 };
    await expectRefused(
      await signWithConfigKey({ ...validClaims(), ...expired, aud: 'other' }),
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
    await expectRefused(
      await signWithConfigKey({ ...validClaims(), ...expired, iss: 'someone-else' }),
      'ERR_JWT_CLAIM_VALIDATION_FAILED',
    );
    const { iat: _iat, ...withoutIat } = { ...validClaims(), ...expired };
    await expectRefused(await signWithConfigKey(withoutIat), 'ERR_JWT_CLAIM_VALIDATION_FAILED');
    const { sub: _sub, ...withoutSub } = { ...validClaims(), ...expired };
    await expectRefused(await signWithConfigKey(withoutSub), 'ERR_JWT_CLAIM_VALIDATION_FAILED');
    // Expired at the moment it was issued: nothing this service signs.
    await expectRefused(
      await signWithConfigKey({ ...validClaims(), iat: seconds(start) - 60, exp: seconds(start) - 120 }),
      'ERR_JWT_EXPIRED',
    );

    const other = await createStatusLinkTokens(config({ tokenKeys: pemPair() }), { now });
    const foreign = await other.sign('submission-1');
    clock = new Date(start.getTime() + 100 * DAY_MS);
    await expectRefused(foreign, 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
    const header64 = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    await expectRefused(
      `${header64}.${base64url.encode(JSON.stringify({ ...validClaims(), ...expired }))}.`,
      'ERR_JOSE_ALG_NOT_ALLOWED',
    );
    await expectRefused('not-a-token', 'ERR_JWS_INVALID');
  });
});

describe('keys', () => {
  const noKeys = () => config({ tokenKeys: undefined });

  it('uses the keys from config and writes no key files', async () => {
    const tokens = await createStatusLinkTokens(config(), { now });
    const token = await tokens.sign('submission-1');
    const [header, payload, signature = ''] = token.split('.');
    // Checked outside jose: a JWS ES256 signature is the raw r‖s pair (IEEE P1363) over header.payload.
    const valid = verifySignature(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: configKeys.publicKeyPem, dsaEncoding: 'ieee-p1363' },
      base64url.decode(signature),
    );
    expect(valid).toBe(true);
    await expect(readdir(dataDir)).resolves.toEqual([]);
  });

  it('refuses config keys that are not a pair', async () => {
    const mismatched = { privateKeyPem: configKeys.privateKeyPem, publicKeyPem: pemPair().publicKeyPem };
    await expect(createStatusLinkTokens(config({ tokenKeys: mismatched }))).rejects.toThrow(/not a key pair/);
  });

  it('refuses config keys that are not ES256 keys, without echoing them', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const error = await createStatusLinkTokens(
      config({ tokenKeys: { privateKeyPem: privateKey, publicKeyPem: publicKey } }),
    ).catch((e: unknown) => e);
    expect(String(error)).toMatch(/ES256/);
    expect(String(error)).not.toContain('PRIVATE KEY-----');
  });

  it('generates a key pair once in DATA_DIR/keys with mode 0600 and reuses it on the next start', async () => {
    const first = await createStatusLinkTokens(noKeys(), { now });
    const token = await first.sign('submission-1');
    const privatePath = join(dataDir, 'keys', 'status-link-private.pem');
    const publicPath = join(dataDir, 'keys', 'status-link-public.pem');
    const privatePem = await readFile(privatePath, 'utf8');
    expect(privatePem).toContain('-----BEGIN PRIVATE KEY-----');
    expect(await readFile(publicPath, 'utf8')).toContain('-----BEGIN PUBLIC KEY-----');
    if (process.platform !== 'win32') {
      expect((await stat(privatePath)).mode & 0o777).toBe(0o600);
      expect((await stat(publicPath)).mode & 0o777).toBe(0o600);
    }

    const second = await createStatusLinkTokens(noKeys(), { now });
    await expect(second.verify(token)).resolves.toEqual({ submissionId: 'submission-1' });
    expect(await readFile(privatePath, 'utf8')).toBe(privatePem);
    // No temporary files are left behind.
    expect((await readdir(join(dataDir, 'keys'))).sort()).toEqual([
      'status-link-private.pem',
      'status-link-public.pem',
    ]);
  });

  it('ends with one key pair when several starts race on an empty DATA_DIR', async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => createStatusLinkTokens(noKeys(), { now })));
    const privatePem = await readFile(join(dataDir, 'keys', 'status-link-private.pem'), 'utf8');
    for (const signer of all) {
      const token = await signer.sign('submission-1');
      for (const verifier of all)
        await expect(verifier.verify(token)).resolves.toEqual({ submissionId: 'submission-1' });
    }
    const again = await createStatusLinkTokens(noKeys(), { now });
    await expect(again.verify(await all[0]!.sign('x'))).resolves.toEqual({ submissionId: 'x' });
    expect(await readFile(join(dataDir, 'keys', 'status-link-private.pem'), 'utf8')).toBe(privatePem);
    expect((await readdir(join(dataDir, 'keys'))).sort()).toEqual([
      'status-link-private.pem',
      'status-link-public.pem',
    ]);
  });

  it('generates different keys in different data folders', async () => {
    const otherDir = await mkdtemp(join(tmpdir(), 'status-link-tokens-'));
    try {
      const here = await createStatusLinkTokens(noKeys(), { now });
      const there = await createStatusLinkTokens(config({ tokenKeys: undefined, dataDir: otherDir }), { now });
      await expect(there.verify(await here.sign('submission-1'))).rejects.toBeInstanceOf(InvalidTokenError);
      expect(await readFile(join(otherDir, 'keys', 'status-link-private.pem'), 'utf8')).not.toBe(
        await readFile(join(dataDir, 'keys', 'status-link-private.pem'), 'utf8'),
      );
    } finally {
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('rewrites a missing public key file from the private key', async () => {
    await createStatusLinkTokens(noKeys(), { now });
    const publicPath = join(dataDir, 'keys', 'status-link-public.pem');
    const publicPem = await readFile(publicPath, 'utf8');
    await rm(publicPath);
    await createStatusLinkTokens(noKeys(), { now });
    expect(await readFile(publicPath, 'utf8')).toBe(publicPem);
  });
});
