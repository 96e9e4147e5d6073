// The bench's HTTP client: one request on a connection of its own, from a loopback address of the
// caller's choosing, so that each stands for a client of its own behind the balancer (the service
// believes the balancer's X-Forwarded-For, which names the address HAProxy saw).
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface RequestOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  /** Sent as JSON. */
  readonly json?: unknown;
  /** Sent as a form (application/x-www-form-urlencoded), as a page's form is. */
  readonly form?: Record<string, string>;
  /** The address the connection comes from (any of 127.0.0.0/8 on Linux). */
  readonly localAddress?: string;
  readonly timeoutMs?: number;
}

/** Sends one request; rejects when the connection fails or is cut before the whole answer came. */
export function send(url: string, options: RequestOptions = {}): Promise<Answer> {
  const body =
    options.form !== undefined
      ? new URLSearchParams(options.form).toString()
      : options.json === undefined
        ? undefined
        : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        agent: false,
        headers: {
          connection: 'close',
          ...(body !== undefined && {
            'content-type': options.form !== undefined ? 'application/x-www-form-urlencoded' : 'application/json',
          }),
          ...options.headers,
        },
        ...(options.localAddress !== undefined && { localAddress: options.localAddress }),
        timeout: options.timeoutMs ?? 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('aborted', () => reject(new Error('the answer was cut')));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in time')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * A loopback address of its own for each number (127.<a>.<b>.<c>, skipping 127.0.0.x, where the
 * balancer and the instances are): `block` keeps each part of the run to addresses of its own.
 */
export function clientAddress(block: number, serial: number): string {
  const n = serial + 1;
  return `127.${block}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** Runs `task` on `concurrency` loops until `until` (a time in ms), or until a loop returns false. */
export async function loopUntil(
  until: number,
  concurrency: number,
  task: (loop: number) => Promise<boolean | void>,
): Promise<void> {
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (Date.now() < until) {
        if ((await task(loop)) === false) return;
      }
    }),
  );
}
