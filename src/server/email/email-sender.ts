import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import axios, { isAxiosError, type AxiosInstance } from 'axios';
import { createTransport } from 'nodemailer';
import type { NodemailerError } from 'nodemailer';
import { NotifyClient } from 'notifications-node-client';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { isProcessRunning } from '../process-alive.ts';

/** One email to one recipient, already rendered (see templates.ts). */
export interface EmailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** SMTP and the outbox send it beside the text; Notify renders its own HTML from the text. */
  readonly html?: string;
  /** Ours, not personal (a job or submission reference): names the outbox file, tags the Notify notification, appears in logs. */
  readonly reference: string;
}

export interface EmailSender {
  /** Resolves once the email is handed over; throws EmailSendError otherwise (the job queue retries). */
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void>;
}

export type EmailTransportName = 'notify' | 'smtp' | 'outbox';

/** Logging is all the sender needs of pino. */
export type EmailLogger = Pick<Logger, 'info' | 'warn' | 'error'>;

/**
 * A send that failed. The message names the transport and a code but never the recipient: the
 * underlying errors of nodemailer and Notify can quote addresses, so they are not kept as `cause`.
 */
export class EmailSendError extends Error {
  readonly transport: EmailTransportName;
  readonly code: string;
  /** False when the same email would be refused again (an SMTP 5xx reply, a Notify 400 or 403). */
  readonly retryable: boolean;

  constructor(transport: EmailTransportName, code: string, retryable: boolean, detail?: string) {
    super(`${transportNames[transport]} failed to send an email: ${code}${detail === undefined ? '' : ` (${detail})`}`);
    this.name = 'EmailSendError';
    this.transport = transport;
    this.code = code;
    this.retryable = retryable;
  }
}

export interface EmailSenderOptions {
  /** Milliseconds before a connection, an SMTP reply or a Notify request gives up (defaults below); tests shorten it. */
  timeoutMs?: number;
  /** GOV.UK Notify API address; tests point it at a local server. */
  notifyBaseUrl?: string;
  /** Clock of the outbox file names. */
  now?: () => Date;
}

const transportNames: Record<EmailTransportName, string> = {
  notify: 'GOV.UK Notify',
  smtp: 'SMTP',
  outbox: 'Outbox folder',
};

// nodemailer's defaults wait up to 2 minutes to connect and 10 minutes on an idle socket, which
// would hold a job worker far longer than a retry later costs.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };
const NOTIFY_TIMEOUT_MS = 15_000;

/** The outbox folder when emails are written to files (no Notify, no SMTP), else undefined. */
export function outboxFolderOf(config: Pick<Config, 'notify' | 'smtpUrl' | 'dataDir'>): string | undefined {
  return config.notify === undefined && config.smtpUrl === undefined ? join(config.dataDir, 'outbox') : undefined;
}

/**
 * Where emails go, in a sentence for the person starting the service (`npm start` prints it): the
 * outbox folder, the mail server (its address without the user and password), or Notify.
 */
export function emailDestination(config: Pick<Config, 'notify' | 'smtpUrl' | 'dataDir'>): string {
  if (config.notify !== undefined) return 'Emails are sent through GOV.UK Notify';
  if (config.smtpUrl !== undefined) {
    const server = new URL(config.smtpUrl);
    return `Emails are sent to the mail server ${server.protocol}//${server.host}`;
  }
  return `Emails are written as .eml files to the folder ${resolve(outboxFolderOf(config)!)} (the README shows how to read their links)`;
}

/** Notify when configured (it wins), else SMTP when configured, else `.eml` files in DATA_DIR/outbox. */
export function createEmailSender(
  config: Pick<Config, 'notify' | 'smtpUrl' | 'emailFrom' | 'dataDir'>,
  logger: EmailLogger,
  options: EmailSenderOptions = {},
): EmailSender {
  if (config.notify !== undefined) return notifySender(config.notify, logger, options);
  if (config.smtpUrl !== undefined) return smtpSender(config.smtpUrl, config.emailFrom, logger, options);
  return outboxSender(config.emailFrom, join(config.dataDir, 'outbox'), logger, options);
}

function notifySender(
  notify: NonNullable<Config['notify']>,
  logger: EmailLogger,
  options: EmailSenderOptions,
): EmailSender {
  const client =
    options.notifyBaseUrl === undefined
      ? new NotifyClient(notify.apiKey)
      : new NotifyClient(options.notifyBaseUrl, notify.apiKey);
  client.setClient(notifyHttpClient(options.timeoutMs ?? NOTIFY_TIMEOUT_MS));

  return {
    async send(message) {
      try {
        // The template's subject is ((subject)) and its body ((body)); Notify renders the HTML itself.
        await client.sendEmail(notify.templateId, message.to, {
          personalisation: { subject: message.subject, body: message.text },
          reference: message.reference,
        });
      } catch (error) {
        throw failed(logger, 'notify', message.reference, notifyError(error));
      }
      logger.info({ transport: 'notify', reference: message.reference }, 'Email sent');
    },
  };
}

/**
 * The axios instance the Notify client sends through (its `setClient`). Axios's defaults would wait
 * for ever on an API that does not answer, and follow redirects and the HTTP(S)_PROXY variables,
 * which the service never asked for. Its `timeout` only counts silence on the socket, so each
 * request also gets a signal that ends it when the whole exchange takes too long.
 */
function notifyHttpClient(timeoutMs: number): AxiosInstance {
  const http = axios.create({
    maxRedirects: 0,
    proxy: false,
    timeout: timeoutMs,
    transitional: { clarifyTimeoutError: true },
  });
  http.interceptors.request.use((request) => {
    request.signal = AbortSignal.timeout(timeoutMs);
    return request;
  });
  return http;
}

/**
 * Axios's errors hold the request, whose body has the recipient's address, so only the status,
 * Notify's error names and the socket's code are kept.
 */
function notifyError(error: unknown): EmailSendError {
  if (!isAxiosError(error)) return unexpected('notify', error);
  const status = error.response?.status;
  if (status !== undefined) {
    // 400 (bad template, invalid address) and 403 (bad key) will not change on a retry; 429 and 5xx
    // can. Notify does not redirect: a 3xx comes from something in the way, which may pass.
    const retryable = status === 429 || status >= 500 || status < 400;
    return new EmailSendError('notify', `HTTP ${status}`, retryable, notifyErrorTypes(error.response?.data));
  }
  if (error.code === 'ETIMEDOUT' || error.code === 'ERR_CANCELED')
    return new EmailSendError('notify', 'ETIMEDOUT', true);
  return new EmailSendError('notify', errorCode(error) ?? 'ECONNECTION', true);
}

/** Notify's error names (`BadRequestError`…), not its messages, which may quote what was sent. */
function notifyErrorTypes(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('errors' in data) || !Array.isArray(data.errors)) return undefined;
  const types = data.errors
    .map((e: unknown) => (typeof e === 'object' && e !== null && 'error' in e ? e.error : undefined))
    .filter((t): t is string => typeof t === 'string' && /^[A-Za-z]{1,64}$/.test(t));
  return types.length === 0 ? undefined : [...new Set(types)].join(', ');
}

function smtpSender(smtpUrl: string, from: string, logger: EmailLogger, options: EmailSenderOptions): EmailSender {
  const timeouts =
    options.timeoutMs === undefined
      ? SMTP_TIMEOUTS
      : {
          connectionTimeout: options.timeoutMs,
          greetingTimeout: options.timeoutMs,
          socketTimeout: options.timeoutMs,
          dnsTimeout: options.timeoutMs,
        };
  // One connection per email, no pool: a few emails a minute do not need one, and a pooled
  // connection dropped by the server while idle would fail the next send.
  const transporter = createTransport({ url: smtpUrl, ...timeouts }, { from });
  return {
    async send(message) {
      try {
        await transporter.sendMail(mailOptions(message));
      } catch (error) {
        throw failed(logger, 'smtp', message.reference, smtpError(error));
      }
      logger.info({ transport: 'smtp', reference: message.reference }, 'Email sent');
    },
    async close() {
      transporter.close();
    },
  };
}

function smtpError(error: unknown): EmailSendError {
  const e = (error ?? {}) as NodemailerError;
  const code = typeof e.code === 'string' && /^[A-Z_]{1,32}$/.test(e.code) ? e.code : 'ESEND';
  // The SMTP reply text often quotes the recipient, so only its number and the command are kept.
  const detail = [
    typeof e.responseCode === 'number' ? `reply ${e.responseCode}` : undefined,
    typeof e.originalCode === 'string' && /^[A-Z_]{1,32}$/.test(e.originalCode) ? e.originalCode : undefined,
    typeof e.timeoutType === 'string' && /^[A-Z_]{1,32}$/.test(e.timeoutType) ? e.timeoutType : undefined,
    typeof e.command === 'string' && /^[A-Z ]{1,16}$/.test(e.command) ? `command ${e.command}` : undefined,
  ].filter((part) => part !== undefined);
  return new EmailSendError('smtp', code, e.permanent !== true, detail.length === 0 ? undefined : detail.join(', '));
}

/**
 * Local use: each email becomes a real RFC 5322 message in DATA_DIR/outbox, which any mail
 * program opens, so the emails (and their status links) can be read without a mail server.
 */
function outboxSender(from: string, folder: string, logger: EmailLogger, options: EmailSenderOptions): EmailSender {
  const now = options.now ?? (() => new Date());
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from });
  logger.info(
    { transport: 'outbox', folder },
    'No NOTIFY_API_KEY or SMTP_URL: emails are written to the outbox folder',
  );
  return {
    async send(message) {
      const file = `${fileTimestamp(now())}-${fileSafe(message.reference)}.eml`;
      try {
        const info = await composer.sendMail(mailOptions(message));
        if (!Buffer.isBuffer(info.message)) throw new EmailSendError('outbox', 'EMESSAGE', false);
        await mkdir(folder, { recursive: true, mode: 0o700 });
        await writeAtomically(join(folder, file), info.message);
      } catch (error) {
        throw failed(
          logger,
          'outbox',
          message.reference,
          error instanceof EmailSendError ? error : unexpected('outbox', error),
        );
      }
      logger.info({ transport: 'outbox', file, reference: message.reference }, 'Email written to the outbox folder');
    },
    async close() {
      composer.close();
    },
  };
}

function mailOptions(message: EmailMessage): { to: string; subject: string; text: string; html?: string } {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
  };
}

function failed(
  logger: EmailLogger,
  transport: EmailTransportName,
  reference: string,
  error: EmailSendError,
): EmailSendError {
  logger.warn({ transport, reference, code: error.code, retryable: error.retryable }, 'Email not sent');
  return error;
}

function unexpected(transport: EmailTransportName, error: unknown): EmailSendError {
  return new EmailSendError(transport, errorCode(error) ?? 'ESEND', true);
}

function errorCode(error: unknown): string | undefined {
  // A socket's code (ECONNREFUSED…) is on the error, or on its cause when wrapped.
  for (const candidate of [error, error instanceof Error ? error.cause : undefined]) {
    if (typeof candidate === 'object' && candidate !== null && 'code' in candidate) {
      const { code } = candidate;
      if (typeof code === 'string' && /^[A-Z_]{1,32}$/.test(code)) return code;
    }
  }
  return undefined;
}

/** `2026-03-05T10-00-00-000Z`: sorts by time and is a valid file name everywhere. */
function fileTimestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

function fileSafe(reference: string): string {
  const safe = reference.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 100);
  return safe === '' ? 'email' : safe;
}

// `<name>.eml.<pid>.<uuid>.tmp`: written first, then renamed, so a mail program never opens half a file.
const temporaryFile = (path: string) => `${path}.${process.pid}.${randomUUID()}.tmp`;
const TEMPORARY_FILE = /\.eml\.(\d+)\.[0-9a-f-]{36}\.tmp$/;

/**
 * Makes the outbox folder ready at start: there, writable (so a read-only or misplaced DATA_DIR
 * stops the start with its path rather than failing every email later), and rid of the temporary
 * files of writes a crash cut short, which hold names and addresses. Another live process's
 * files (workers sharing DATA_DIR) are left to it. Resolves to how many were removed.
 */
export async function prepareOutboxFolder(folder: string): Promise<number> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // W_OK also fails on a read-only file system, for root too.
  await access(folder, constants.W_OK);
  let removed = 0;
  for (const name of await readdir(folder)) {
    const pid = Number(TEMPORARY_FILE.exec(name)?.[1] ?? Number.NaN);
    if (Number.isNaN(pid) || (pid !== process.pid && isProcessRunning(pid))) continue;
    await rm(join(folder, name), { force: true });
    removed += 1;
  }
  return removed;
}

async function writeAtomically(path: string, content: Buffer): Promise<void> {
  const temporary = temporaryFile(path);
  try {
    // 0600: the file holds names and addresses.
    await writeFile(temporary, content, { mode: 0o600, flag: 'wx' });
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}
