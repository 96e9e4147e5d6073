import { execSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import type { AddressObject, ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import type { EmailMessage, EmailSender } from './email-sender.ts';
import { EmailSendError, createEmailSender, emailDestination, prepareOutboxFolder } from './email-sender.ts';
import { confirmationEmail } from './templates.ts';
import type { SmtpReceiver } from '../test-support/smtp-receiver.ts';
import { startSmtpReceiver } from '../test-support/smtp-receiver.ts';

const token = 'eyJhbGciOiJFUzI1NiIsImtpZCI6ImsifQ.eyJzdWIiOiJDV0MtN0szTTlRIn0.c2lnbmF0dXJlLW9mLXRoZS1zdGF0dXMtbGluaw';
const statusLink = `https://cwc.example.gov.uk/status?epat=${token}`;
const recipient = 'casting.director@riverside-theatre.example';
const emailFrom = 'Creative worker concession <no-reply@cwc.example.gov.uk>';

const CONFIRMATION = {
  sponsorName: 'Riverside Theatre Company',
  applications: [
    { reference: 'CWC-7K3M9Q-1', workerName: 'Siobhán O’Neill', cosReference: 'C2G8H41290K' },
    { reference: 'CWC-7K3M9Q-2', workerName: '<script>alert(1)</script>', cosReference: 'C2G8H41291L' },
  ],
  statusLink,
  decisionWithinHours: 72,
  statusLinkTtlDays: 90,
};
const rendered = confirmationEmail(CONFIRMATION);
const message: EmailMessage = { to: recipient, ...rendered, reference: 'job-42-confirmation' };

// The project's own logger writing into memory, so the tests see what production would log.
let logLines: string[];
const logger = () => createLogger({ logLevel: 'info' }, { write: (line: string) => void logLines.push(line) });

let dataDir: string;
const senders: EmailSender[] = [];
const cleanups: Array<() => Promise<void>> = [];

function track(sender: EmailSender): EmailSender {
  senders.push(sender);
  return sender;
}

beforeEach(async () => {
  logLines = [];
  dataDir = await mkdtemp(join(tmpdir(), 'email-sender-'));
});

afterEach(async () => {
  for (const sender of senders.splice(0)) await sender.close?.();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await rm(dataDir, { recursive: true, force: true });
});

function expectPrivateLogs(): void {
  const all = logLines.join('\n');
  expect(all).not.toContain(recipient);
  expect(all).not.toContain(token);
  expect(all).not.toContain('Siobhán');
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

function expectSameEmail(mail: ParsedMail): void {
  expect(mail.subject).toBe('Creative worker concession: 2 applications received');
  expect(addresses(mail.to)).toEqual([recipient]);
  expect(mail.from?.value[0]).toEqual({ name: 'Creative worker concession', address: 'no-reply@cwc.example.gov.uk' });
  expect(mail.text?.trim()).toBe(rendered.text.trim());
  for (const part of ['CWC-7K3M9Q-1', 'CWC-7K3M9Q-2', 'Siobhán O’Neill', 'C2G8H41290K', statusLink]) {
    expect(mail.text).toContain(part);
    expect(mail.html).toContain(part);
  }
  expect(mail.html).toContain(`<a href="${statusLink}"`);
  expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(mail.html).not.toContain('<script>');
}

async function startSmtpServer(rejectRecipient?: number): Promise<SmtpReceiver> {
  const receiver = await startSmtpReceiver(rejectRecipient === undefined ? {} : { rejectRecipient });
  cleanups.push(() => receiver.close());
  return receiver;
}

/** A TCP server that accepts connections and never says a word. */
async function startSilentServer(): Promise<number> {
  const sockets = new Set<Socket>();
  const server: NetServer = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return (server.address() as AddressInfo).port;
}

describe('SMTP', () => {
  it('delivers the email, text and HTML, from EMAIL_FROM to the recipient', async () => {
    const smtp = await startSmtpServer();
    const sender = track(createEmailSender({ smtpUrl: smtp.url, notify: undefined, emailFrom, dataDir }, logger()));
    await sender.send(message);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.envelopeFrom).toBe('no-reply@cwc.example.gov.uk');
    expect(mail?.envelopeTo).toEqual([recipient]);
    expectSameEmail(await simpleParser(mail!.raw));
    expect(logLines.join('\n')).toContain('job-42-confirmation');
    expectPrivateLogs();
    // Nothing goes to the outbox folder when SMTP is set.
    await expect(readdir(dataDir)).resolves.toEqual([]);
  });

  it('sends a text-only email when there is no HTML', async () => {
    const smtp = await startSmtpServer();
    const sender = track(createEmailSender({ smtpUrl: smtp.url, notify: undefined, emailFrom, dataDir }, logger()));
    await sender.send({ to: recipient, subject: 'Plain', text: 'Just text\n', reference: 'r1' });
    const mail = await simpleParser(smtp.received[0]!.raw);
    expect(mail.text?.trim()).toBe('Just text');
    expect(mail.html).toBe(false);
  });

  it('throws a permanent error naming SMTP, not the address, when the server refuses the recipient', async () => {
    const smtp = await startSmtpServer(550);
    const sender = track(createEmailSender({ smtpUrl: smtp.url, notify: undefined, emailFrom, dataDir }, logger()));
    const error = await sender.send(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailSendError);
    const sendError = error as EmailSendError;
    expect(sendError.transport).toBe('smtp');
    expect(sendError.retryable).toBe(false);
    expect(sendError.message).toMatch(/^SMTP failed to send an email: E[A-Z]+ \(reply 550.*command RCPT TO\)$/);
    expect(`${sendError.message} ${sendError.stack} ${JSON.stringify(sendError)}`).not.toContain(recipient);
    expect(sendError.cause).toBeUndefined();
    expect(smtp.received).toHaveLength(0);
    expectPrivateLogs();
  });

  it('marks a temporary refusal (4xx) as worth retrying', async () => {
    const smtp = await startSmtpServer(451);
    const sender = track(createEmailSender({ smtpUrl: smtp.url, notify: undefined, emailFrom, dataDir }, logger()));
    const error = (await sender.send(message).catch((e: unknown) => e)) as EmailSendError;
    expect(error).toBeInstanceOf(EmailSendError);
    expect(error.retryable).toBe(true);
  });

  it('gives up on a server that never greets instead of waiting', async () => {
    const port = await startSilentServer();
    const sender = track(
      createEmailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, notify: undefined, emailFrom, dataDir }, logger(), {
        timeoutMs: 300,
      }),
    );
    const started = Date.now();
    const error = (await sender.send(message).catch((e: unknown) => e)) as EmailSendError;
    expect(error).toBeInstanceOf(EmailSendError);
    expect(error.code).toBe('ETIMEDOUT');
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('throws when nothing listens', async () => {
    const port = await startSilentServer();
    await cleanups.pop()?.();
    const sender = track(
      createEmailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, notify: undefined, emailFrom, dataDir }, logger()),
    );
    const error = (await sender.send(message).catch((e: unknown) => e)) as EmailSendError;
    expect(error).toBeInstanceOf(EmailSendError);
    expect(error.transport).toBe('smtp');
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.retryable).toBe(true);
  });
});

describe('outbox folder', () => {
  const now = () => new Date('2026-03-05T10:11:12.345Z');

  it('writes a parseable .eml named by time and reference, readable only by its owner', async () => {
    const sender = track(
      createEmailSender({ smtpUrl: undefined, notify: undefined, emailFrom, dataDir }, logger(), { now }),
    );
    await sender.send(message);

    const outbox = join(dataDir, 'outbox');
    const files = await readdir(outbox);
    expect(files).toEqual(['2026-03-05T10-11-12-345Z-job-42-confirmation.eml']);
    const path = join(outbox, files[0]!);
    const raw = await readFile(path);
    expect(raw.includes('\r\n')).toBe(true);
    expectSameEmail(await simpleParser(raw));
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('logs the file name and reference, never the address or the token', async () => {
    const sender = track(
      createEmailSender({ smtpUrl: undefined, notify: undefined, emailFrom, dataDir }, logger(), { now }),
    );
    await sender.send(message);
    const written = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((l) => l.file !== undefined);
    expect(written).toMatchObject({
      transport: 'outbox',
      file: '2026-03-05T10-11-12-345Z-job-42-confirmation.eml',
      reference: 'job-42-confirmation',
      msg: 'Email written to the outbox folder',
    });
    expectPrivateLogs();
  });

  it('keeps a reference from choosing the file name beyond letters, digits, - and _', async () => {
    const sender = track(
      createEmailSender({ smtpUrl: undefined, notify: undefined, emailFrom, dataDir }, logger(), { now }),
    );
    await sender.send({ ...message, reference: '../../etc/passwd' });
    expect(await readdir(join(dataDir, 'outbox'))).toEqual(['2026-03-05T10-11-12-345Z-_etc_passwd.eml']);
  });

  it('throws a transport-named error when the folder cannot be written', async () => {
    // A file where the outbox folder should be.
    const blocked = join(dataDir, 'blocked');
    await writeFile(blocked, '');
    const sender = track(
      createEmailSender({ smtpUrl: undefined, notify: undefined, emailFrom, dataDir: blocked }, logger(), { now }),
    );
    const error = (await sender.send(message).catch((e: unknown) => e)) as EmailSendError;
    expect(error).toBeInstanceOf(EmailSendError);
    expect(error.transport).toBe('outbox');
    expect(error.message).toMatch(/^Outbox folder failed to send an email: E[A-Z]+/);
  });
});

describe('GOV.UK Notify', () => {
  const serviceId = '26785a09-ab16-4eb0-8407-a37497a57506';
  const secret = '3d844edf-8d35-48ac-975b-e847b4f122b0';
  const apiKey = `cwc_test-${serviceId}-${secret}`;
  const templateId = 'f33517ff-2a88-4f6e-b855-c550268ce08a';

  interface NotifyRequest {
    readonly method: string | undefined;
    readonly path: string | undefined;
    readonly authorization: string | undefined;
    readonly contentType: string | undefined;
    readonly body: unknown;
  }

  /** Stands in for the Notify API; `reply` decides the status and body. */
  async function startNotifyApi(
    reply: (request: NotifyRequest) => { status: number; body: unknown } | 'hang' = () => ({
      status: 201,
      body: { id: '740e5834-3a29-46b4-9a6f-16142fde533a', reference: 'job-42-confirmation' },
    }),
  ): Promise<{ url: string; requests: NotifyRequest[] }> {
    const requests: NotifyRequest[] = [];
    const server: HttpServer = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request: NotifyRequest = {
          method: req.method,
          path: req.url,
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
        };
        requests.push(request);
        const answer = reply(request);
        if (answer === 'hang') return;
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
  }

  const notifyConfig = { notify: { apiKey, templateId }, smtpUrl: undefined, emailFrom, dataDir };

  it('posts the template, address, subject and body personalisation and reference, signed with the API key', async () => {
    const api = await startNotifyApi();
    const sender = track(createEmailSender(notifyConfig, logger(), { notifyBaseUrl: api.url }));
    await sender.send(message);

    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v2/notifications/email');
    expect(request?.contentType).toMatch(/^application\/json/);
    expect(request?.body).toEqual({
      template_id: templateId,
      email_address: recipient,
      personalisation: { subject: rendered.subject, body: rendered.text },
      reference: 'job-42-confirmation',
    });
    // Notify authenticates with an HS256 token: issuer the service id, keyed with the key's secret.
    const bearer = request?.authorization?.replace(/^Bearer /, '') ?? '';
    const { payload } = await jwtVerify(bearer, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    expect(payload.iss).toBe(serviceId);
    expect(logLines.join('\n')).toContain('job-42-confirmation');
    expectPrivateLogs();
  });

  it('wins over SMTP when both are configured', async () => {
    const api = await startNotifyApi();
    const smtp = await startSmtpServer();
    const sender = track(
      createEmailSender({ ...notifyConfig, smtpUrl: smtp.url }, logger(), { notifyBaseUrl: api.url }),
    );
    await sender.send(message);
    expect(api.requests).toHaveLength(1);
    expect(smtp.received).toHaveLength(0);
  });

  it('throws a permanent error with Notify’s error type, not the address, on a 400', async () => {
    const api = await startNotifyApi(() => ({
      status: 400,
      body: {
        status_code: 400,
        errors: [{ error: 'ValidationError', message: `email_address ${recipient} Not a valid email address` }],
      },
    }));
    const sender = track(createEmailSender(notifyConfig, logger(), { notifyBaseUrl: api.url }));
    const error = (await sender.send(message).catch((e: unknown) => e)) as EmailSendError;
    expect(error).toBeInstanceOf(EmailSendError);
    expect(error.transport).toBe('notify');
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('GOV.UK Notify failed to send an email: HTTP 400 (ValidationError)');
    expect(`${error.stack} ${JSON.stringify(error)}`).not.toContain(recipient);
    expectPrivateLogs();
  });

  it('marks a 429 and a 500 as worth retrying', async () => {
    let status = 429;
    const api = await startNotifyApi(() => ({
      status,
      body: { status_code: status, errors: [{ error: 'RateLimitError', message: 'x' }] },
    }));
    const sender = track(createEmailSender(notifyConfig, logger(), { notifyBaseUrl: api.url }));
    expect(((await sender.send(message).catch((e: unknown) => e)) as EmailSendError).retryable).toBe(true);
    status = 500;
    const error = (await sender.send(message).catch((e: unknown) => e)) as EmailSendError;
    expect(error.retryable).toBe(true);
    expect(error.code).toBe('HTTP 500');
  });

  it('throws a retryable error with the socket code, not the address, when the API cannot be reached', async () => {
    const api = await startNotifyApi();
    const closed = await new Promise<string>((resolve) => {
      const probe = createNetServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(`http://127.0.0.1:${port}`));
      });
    });
    const previous = process.env.HTTP_PROXY;
    // The proxy variables are not followed: the real API is reached, and nothing else.
    process.env.HTTP_PROXY = closed;
    try {
      const sender = track(createEmailSender(notifyConfig, logger(), { notifyBaseUrl: api.url }));
      await sender.send(message);
      expect(api.requests).toHaveLength(1);
    } finally {
      if (previous === undefined) delete process.env.HTTP_PROXY;
      else process.env.HTTP_PROXY = previous;
    }
    const sender = track(createEmailSender(notifyConfig, logger(), { notifyBaseUrl: closed }));
    const error = (await sender.send(message).catch((e: unknown) => e)) as EmailSendError;
    expect(error).toBeInstanceOf(EmailSendError);
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.retryable).toBe(true);
    expect(error.message).not.toContain(recipient);
  });

  it('gives up on an API that does not answer', async () => {
    const api = await startNotifyApi(() => 'hang');
    const sender = track(createEmailSender(notifyConfig, logger(), { notifyBaseUrl: api.url, timeoutMs: 300 }));
    const error = (await sender.send(message).catch((e: unknown) => e)) as EmailSendError;
    expect(error).toBeInstanceOf(EmailSendError);
    expect(error.code).toBe('ETIMEDOUT');
    expect(error.retryable).toBe(true);
  });
});

describe('the outbox folder at start', () => {
  it("removes the temporary files of writes cut short, but not emails, other files, or a live process's write", async () => {
    const folder = join(await mkdtemp(join(tmpdir(), 'outbox-')), 'outbox');
    try {
      const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
      expect(await prepareOutboxFolder(folder)).toBe(0);
      const files = {
        // pid 2^22 + 1: above any pid_max, so never running.
        dead: `a.eml.4194305.${uuid}.tmp`,
        own: `b.eml.${process.pid}.${uuid}.tmp`,
        // pid 1 is always running: a worker sharing the folder is mid-write.
        live: `c.eml.1.${uuid}.tmp`,
        email: 'd.eml',
        other: 'notes.tmp',
      };
      for (const name of Object.values(files)) await writeFile(join(folder, name), 'x');
      expect(await prepareOutboxFolder(folder)).toBe(2);
      expect((await readdir(folder)).sort()).toEqual([files.live, files.email, files.other].sort());
    } finally {
      await rm(join(folder, '..'), { recursive: true, force: true });
    }
  });
});

describe('where emails go, as `npm start` says it', () => {
  it('names the outbox folder, the mail server without its password, or Notify', () => {
    expect(emailDestination({ smtpUrl: undefined, notify: undefined, dataDir: '/srv/data' })).toBe(
      'Emails are written as .eml files to the folder /srv/data/outbox (the README shows how to read their links)',
    );
    expect(
      emailDestination({ smtpUrl: 'smtp://mailer:s3cret@mail.example:2525', notify: undefined, dataDir: '/srv/data' }),
    ).toBe('Emails are sent to the mail server smtp://mail.example:2525');
    expect(
      emailDestination({
        smtpUrl: undefined,
        notify: { apiKey: 'key', templateId: 'template' } as never,
        dataDir: '/srv/data',
      }),
    ).toBe('Emails are sent through GOV.UK Notify');
  });

  it('the README’s command prints the status links of the latest emails in the outbox', async () => {
    const readme = await readFile(join(process.cwd(), 'README.md'), 'utf8');
    const command = /<!-- outbox-links -->\s*```sh\n(.+)\n```/.exec(readme)?.[1];
    expect(command).toBeDefined();
    const welsh = `https://cwc.example.gov.uk/status?epat=${token}&lang=cy`;
    const sender = track(createEmailSender({ smtpUrl: undefined, notify: undefined, emailFrom, dataDir }, logger()));
    await sender.send({ ...message, ...confirmationEmail({ ...CONFIRMATION, statusLink: welsh }) });
    // Run from the project's folder (where mailparser is installed), with the service's DATA_DIR.
    const printed = execSync(command!, { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(printed).toContain(welsh);
    expect(printed).not.toContain('&amp;');
  });
});
