import type { DestinationStream, Logger } from 'pino';
import { pino } from 'pino';
import type { Config } from './config.ts';

interface LoggedRequest {
  readonly id: string;
  readonly method: string;
  readonly url: string;
}

interface LoggedReply {
  readonly statusCode: number;
}

// Status links carry their token in the query string (?epat=…), cookies and the Referer header can
// hold it too, and bodies hold names, emails and passport numbers. So a request is logged as
// method, path and id only, a reply as its status code only.
const serializers = {
  req: (request: LoggedRequest) => ({
    id: request.id,
    method: request.method,
    path: pathOnly(request.url),
  }),
  res: (reply: LoggedReply) => ({ statusCode: reply.statusCode }),
  // pino's standard serializer copies every enumerable field, and database errors carry the
  // offending values in `detail`, `where` or `parameters`: keep the fields that help debugging.
  err: (error: unknown) => {
    if (!(error instanceof Error)) return { message: String(error) };
    const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
    return {
      type: error.name,
      message: error.message,
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
      ...(typeof statusCode === 'number' ? { statusCode } : {}),
      stack: error.stack,
    };
  },
};

// A second guard in case some code logs a raw request or a payload directly.
const redactPaths = [
  'body',
  'headers',
  'query',
  'url',
  'cookies',
  '*.body',
  '*.headers',
  '*.query',
  '*.url',
  '*.cookies',
];

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      serializers,
      redact: { paths: redactPaths, censor: '[Redacted]' },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

function pathOnly(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
