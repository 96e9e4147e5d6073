// GOV.UK itself is out of reach here, and the service sends the browser there (Exit). A stand-in
// answers in its place: an HTTPS server on loopback with a certificate of its own, which the run's
// Chromium reaches for www.gov.uk (--host-resolver-rules) and trusts by its key alone. A route in
// the browser cannot stand in: Chromium's headless shell does not intercept the target of a
// redirect, and the exit is a 303 from the service.
import { spawnSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface GovUkStandIn {
  /** Chromium's flags that send www.gov.uk to the stand-in and trust its certificate. */
  readonly chromiumArgs: readonly string[];
  close(): Promise<void>;
}

export async function startGovUkStandIn(): Promise<GovUkStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'cwc-gov-uk-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  const made = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
    ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=www.gov.uk'],
    ...['-addext', 'subjectAltName=DNS:www.gov.uk'],
  ]);
  if (made.status !== 0)
    throw new Error(`openssl could not make the stand-in's certificate: ${made.stderr.toString()}`);
  const pems = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true, force: true });

  const server = createServer(pems, (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>GOV.UK</title><h1>GOV.UK</h1></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const spki = createPublicKey(pems.cert).export({ type: 'spki', format: 'der' });
  return {
    chromiumArgs: [
      `--host-resolver-rules=MAP www.gov.uk 127.0.0.1:${port}`,
      `--ignore-certificate-errors-spki-list=${createHash('sha256').update(spki).digest('base64')}`,
    ],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
