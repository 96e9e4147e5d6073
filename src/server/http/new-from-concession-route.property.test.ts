// Property: whatever malformed request arrives, the submission route answers a 4xx JSON error,
// never a 5xx, and stores nothing. Every generated body is wrong by construction (a wrong type,
// a missing or unknown key, a bad date shape, a control or bidi character inside a text, an
// oversized string, broken JSON or a wrong content type), so a 2xx would itself be a failure.
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_FROM_CONCESSION_PATH, validateSubmission } from '#shared/api/new-from-concession.ts';
import { asciiDigits } from '#shared/text/ascii-digits.ts';
import { validRequest } from '../../../tests/fixtures/applicants.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { runMigrations } from '../db/migrations.ts';
import type { TestDatabase } from '../test-support/test-databases.ts';
import { countRows, testEngines } from '../test-support/test-databases.ts';
import { capturingLogger } from '../test-support/sample-submissions.ts';

const NOW = new Date('2026-03-02T10:00:00Z');
const RUNS = 10_000;

type Json = unknown;
type Section = 'concessionForm' | 'secondaryDetails';
interface Request {
  readonly payload: string;
  readonly contentType: string;
}

const template = validRequest(NOW, 3);
const keysOf = (section: Section) => Object.keys(template[0]![section]);
const dateKeys: Record<Section, string[]> = {
  concessionForm: ['passportIssueDate', 'passportExpiryDate', 'dateOfArrivalInUK'],
  secondaryDetails: ['dateOfBirth', 'firstWorkDate', 'lastWorkDate', 'lteToDate'],
};

/** A valid body of 1 to 3 applicants, and where in it to break something. */
const target = fc.record({
  count: fc.integer({ min: 1, max: 3 }),
  index: fc.nat(),
  section: fc.constantFrom<Section>('concessionForm', 'secondaryDetails'),
  key: fc.nat(),
});

function mutate(
  { count, index, section, key }: { count: number; index: number; section: Section; key: number },
  change: (applicant: Record<Section, Record<string, Json>>, section: Section, key: string) => void,
  keys: (section: Section) => string[] = keysOf,
): string {
  const body = structuredClone(template.slice(0, count)) as unknown as Array<Record<Section, Record<string, Json>>>;
  const names = keys(section);
  change(body[index % count]!, section, names[key % names.length]!);
  return JSON.stringify(body);
}

// Every C0 control character, DEL, and the bidi embeddings, overrides and isolates.
const forbiddenCharacters = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  '\u007F',
  ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'],
];

const json = (payload: string): Request => ({ payload, contentType: 'application/json' });
const notAString = fc.jsonValue().filter((value) => typeof value !== 'string');

const malformed: fc.Arbitrary<Request> = fc.oneof(
  // Any JSON at all in place of the list.
  fc.jsonValue().map((value) => json(JSON.stringify(value) ?? 'null')),
  // A field of the wrong type.
  fc.tuple(target, notAString).map(([at, value]) => json(mutate(at, (a, s, k) => (a[s][k] = value)))),
  // A required field missing (the worker email is optional, so it is never chosen).
  target.map((at) =>
    json(
      mutate(
        at,
        (a, s, k) => delete a[s][k],
        (s) => keysOf(s).filter((k) => k !== 'workerEmailAddress'),
      ),
    ),
  ),
  // An unknown key, in a section or beside them.
  fc.tuple(target, fc.string({ minLength: 1 }), fc.jsonValue(), fc.boolean()).map(([at, name, value, inSection]) =>
    json(
      mutate(at, (a, s) => {
        const holder: Record<string, Json> = inSection ? a[s] : a;
        const unknown = name in holder ? `${name}_unknown` : name;
        holder[unknown] = value;
      }),
    ),
  ),
  // A date in another shape.
  fc
    .tuple(
      target,
      fc.string().filter((s) => !/^(\d{4}-\d{2}-\d{2})?$/.test(asciiDigits(s))),
    )
    .map(([at, value]) =>
      json(
        mutate(
          at,
          (a, s, k) => (a[s][k] = value),
          (s) => dateKeys[s],
        ),
      ),
    ),
  // A control character (NUL first of all: PostgreSQL refuses it) or a bidi override or isolate
  // inside any text of the body, which has to be refused as an answer, not fail in the database.
  fc.tuple(target, fc.constantFrom(...forbiddenCharacters), fc.nat()).map(([at, character, position]) =>
    json(
      mutate(at, (a, s, k) => {
        // Never at either end, where trimming would drop a tab or line break like a space.
        const value = typeof a[s][k] === 'string' && (a[s][k] as string).length >= 2 ? (a[s][k] as string) : 'xx';
        const cut = 1 + (position % (value.length - 1));
        a[s][k] = `${value.slice(0, cut)}${character}${value.slice(cut)}`;
      }),
    ),
  ),
  // A string longer than any field allows.
  fc
    .tuple(target, fc.integer({ min: 501, max: 5_000 }))
    .map(([at, length]) => json(mutate(at, (a, s, k) => (a[s][k] = 'x'.repeat(length))))),
  // Text that is not JSON, or JSON cut short.
  fc
    .oneof(
      fc.string().filter((s) => !isJson(s)),
      fc.nat().map((n) => JSON.stringify(template).slice(0, n % JSON.stringify(template).length)),
    )
    .map(json),
  // A valid body under a content type the route does not take.
  fc
    .constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'text/html',
      'application/octet-stream',
    )
    .map((contentType) => ({
      payload: JSON.stringify(template),
      contentType,
    })),
);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe.each(testEngines())('the submission route on $name, given malformed requests', (engine) => {
  let test: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await engine.open();
    await runMigrations(test.db);
    const config = { ...loadConfig({ NODE_ENV: 'test' }), webRoot: '/nonexistent', submissionRateLimit: RUNS * 2 };
    app = await buildApp(config, { database: test.db, logger: capturingLogger().logger, now: () => NOW });
  });

  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it(`answers ${RUNS} of them with a 4xx JSON error and stores nothing`, async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(malformed, async ({ payload, contentType }) => {
        const response = await app.inject({
          method: 'POST',
          url: NEW_FROM_CONCESSION_PATH,
          payload,
          headers: { 'content-type': contentType },
        });
        statuses.add(response.statusCode);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        const answer: unknown = response.json();
        expect(answer).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      }),
      { numRuns: RUNS },
    );
    expect(await countRows(test.db)).toEqual({ submissions: 0, applications: 0, status_changes: 0, outbox_jobs: 0 });
    // The generators reach the parser, the schema and the content-type check alike.
    expect([...statuses].sort()).toEqual([400, 415]);
  }, 600_000);
});

// The template itself must be valid, or every "malformed" body above would be wrong for that reason alone.
describe('the template of the malformed requests', () => {
  it('is a valid request', () => {
    expect(validateSubmission(template, NOW)).toEqual([]);
  });
});
