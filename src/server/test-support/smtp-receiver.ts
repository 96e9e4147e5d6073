// Test support (not a test file): a real SMTP server (smtp-server) on a free local port that
// keeps what it receives, for tests of the emails the service sends.
import type { AddressInfo } from 'node:net';
import type { SMTPServerAddress, SMTPServerSession } from 'smtp-server';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly envelopeFrom: string | undefined;
  readonly envelopeTo: string[];
  /** The message as sent (RFC 5322); parse it with mailparser. */
  readonly raw: Buffer;
}

export interface SmtpReceiver {
  /** smtp://127.0.0.1:<port>, for SMTP_URL */
  readonly url: string;
  readonly received: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpReceiverOptions {
  /** Answer every RCPT TO with this reply code. */
  readonly rejectRecipient?: number;
  /** Called with each message as it is received. */
  readonly onMessage?: (mail: ReceivedMail, count: number) => void;
}

/** Starts the receiver. */
export async function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const { rejectRecipient, onMessage } = options;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: (err?: Error | null) => void) {
      if (rejectRecipient === undefined) return callback();
      // Real servers quote the address in the reply; the error thrown to our caller must not.
      const error = Object.assign(new Error(`<${address.address}>: Recipient address rejected`), {
        responseCode: rejectRecipient,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        const mail = {
          envelopeFrom: from === false ? undefined : from.address,
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        };
        received.push(mail);
        onMessage?.(mail, received.length);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
