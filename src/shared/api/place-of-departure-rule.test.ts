// Properties: the page and the server accept exactly the same places of departure. The page runs
// checkField on the answers it read; the server runs validateSubmission on the payload the
// browser built from them, and on a payload sent as typed (another client). For any text, and
// for listed names changed the ways people type them, the three agree; and a listed name with
// only its case, accents, spacing, punctuation or a terminal changed is accepted as that place.
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  FIXTURE_GROUP_ID,
  FIXTURE_SPONSOR,
  validApplicantAnswers,
  validApplicantPayload,
} from '../../../tests/fixtures/applicants.ts';
import {
  PLACES_OF_DEPARTURE,
  findPlaceOfDeparture,
  isPlaceOfDepartureInIreland,
  namesOfPlace,
} from '../countries/places.ts';
import { checkField } from '../validation/checks.ts';
import { MAX_LENGTHS } from '../validation/fields.ts';
import {
  buildApplicantPayload,
  newFromConcessionRequestSchema,
  validateSubmission,
  type ApplicantPayload,
} from './new-from-concession.ts';

const NOW = new Date('2026-03-02T10:00:00Z');
const RUNS = 1_000;
// A thousand runs take a second or two alone, and several times that on a busy machine.
const PROPERTY_TIMEOUT = 60_000;

const pageAccepts = (place: string) =>
  checkField('port-of-departure', validApplicantAnswers(NOW, { 'port-of-departure': place }), NOW) === undefined;
const serverAccepts = (payload: ApplicantPayload) =>
  v.is(newFromConcessionRequestSchema, [payload]) && validateSubmission([payload], NOW).length === 0;
const built = (place: string) =>
  buildApplicantPayload(
    validApplicantAnswers(NOW, { 'port-of-departure': place }),
    FIXTURE_SPONSOR,
    FIXTURE_GROUP_ID,
    NOW,
  );
const sentAsTyped = (place: string) => validApplicantPayload(NOW, { secondaryDetails: { airPortOfDeparture: place } });

function expectSameRule(place: string): void {
  const page = pageAccepts(place);
  expect(serverAccepts(built(place)), place).toBe(page);
  expect(serverAccepts(sentAsTyped(place)), place).toBe(page);
  // Whatever is accepted is never refused later for routing.
  if (page) expect(isPlaceOfDepartureInIreland(built(place).secondaryDetails.airPortOfDeparture), place).toBe(true);
}

const LISTED = PLACES_OF_DEPARTURE.flatMap(namesOfPlace);
const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
};
const PLAIN: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ACCENTED).map(([plain, accented]) => [accented, plain]),
);

/** Changes that keep a name the same place: how people type a name they know. */
const harmless = fc.constantFrom(
  (s: string) => s.toUpperCase(),
  (s: string) => s.toLowerCase(),
  (s: string) => s.replace(/[aeiouAEIOU]/g, (c) => ACCENTED[c] ?? c),
  (s: string) => s.replace(/[áéíóúÁÉÍÓÚ]/g, (c) => PLAIN[c] ?? c),
  (s: string) => s.replace(/ /g, '   '),
  (s: string) => s.replace(/ /g, '-'),
  (s: string) => s.replace(/-/g, ' '),
  // Spacing around the name. Not a tab: later changes can move it inside the name, where
  // noControlCharacters refuses it.
  (s: string) => `  ${s}  `,
  (s: string) => s.replace(/'/g, '’'),
  (s: string) => `${s}.`,
);

/** A terminal after the name, or none: typed once, at the end. */
const terminal = fc.constantFrom('', ' T2', ' Terminal 1', ' (T1)', ', terminal 2', '-T1');

/** Any change: the harmless ones, terminals, and a letter dropped, added or replaced anywhere. */
const anyChange = fc.oneof(
  harmless,
  terminal.map((suffix) => (s: string) => s + suffix),
  fc.nat().map((at) => (s: string) => s.slice(0, at % (s.length + 1)) + s.slice((at % (s.length + 1)) + 1)),
  fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 2 })).map(
    ([at, text]) =>
      (s: string) =>
        s.slice(0, at % (s.length + 1)) + text + s.slice(at % (s.length + 1)),
  ),
  fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 1 })).map(
    ([at, text]) =>
      (s: string) =>
        s.slice(0, at % (s.length + 1)) + text + s.slice((at % (s.length + 1)) + 1),
  ),
);

const changed = (changes: fc.Arbitrary<(s: string) => string>, suffix: fc.Arbitrary<string> = fc.constant('')) =>
  fc
    .tuple(fc.constantFrom(...LISTED), fc.array(changes, { maxLength: 4 }), suffix)
    .map(([name, steps, end]) => ({ name, typed: steps.reduce((text, step) => step(text), name) + end }));

describe('the place-of-departure rule on the page and on the server', () => {
  it('agree on every listed name', () => {
    for (const name of LISTED) {
      expect(pageAccepts(name), name).toBe(true);
      expectSameRule(name);
    }
  });

  it(
    'agree on any text',
    () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 120 }), (text) => expectSameRule(text)),
        { numRuns: RUNS },
      );
      fc.assert(
        fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => expectSameRule(text)),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'agree on listed names changed in any way',
    () => {
      fc.assert(
        fc.property(changed(anyChange), ({ typed }) => expectSameRule(typed)),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'accept a listed name typed another way as that same place',
    () => {
      fc.assert(
        fc.property(changed(harmless, terminal), ({ name, typed }) => {
          // Spacing changes repeated can make a long name longer than the field allows, which is
          // refused as too long (and the same on both sides, as the property above checks).
          fc.pre(typed.trim().length <= MAX_LENGTHS['port-of-departure']);
          expect(pageAccepts(typed), typed).toBe(true);
          expectSameRule(typed);
          const place = findPlaceOfDeparture(name)!;
          // A terminal may turn a town into its airport ("Dublin T2"); nothing else changes the place.
          const found = findPlaceOfDeparture(typed)!;
          expect(found === place || (found.kind === 'airport' && /t/i.test(typed.slice(name.length))), typed).toBe(
            true,
          );
          expect(built(typed).secondaryDetails.airPortOfDeparture).toBe(found.name);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
