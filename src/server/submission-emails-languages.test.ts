// End to end through a real server process and a real mail server, as submission-emails.test.ts,
// for submissions made in Welsh and in Arabic (decision 032): the language of the pages (the
// `lang` cookie the browser's call carries) is recorded with the submission, and every email about
// it follows. A Welsh email is bilingual, Welsh first; an Arabic one is in Arabic, its values isolated.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { NEW_FROM_CONCESSION_PATH, newFormGroupId } from '#shared/api/new-from-concession.ts';
import { NEW_STATUS_LINK_PATH } from '#shared/api/public-status.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { lateApplicationPayload, validApplicantPayload } from '../../tests/fixtures/applicants.ts';
import type { RunningServer } from './test-support/child-process.ts';
import { killIfRunning, makeServerDirectory, startServer, waitFor } from './test-support/child-process.ts';
import type { SmtpReceiver } from './test-support/smtp-receiver.ts';
import { startSmtpReceiver } from './test-support/smtp-receiver.ts';

const PUBLIC_BASE_URL = 'https://cwc.example.gov.uk';
const SPONSOR = 'bookings@example-theatre.co.uk';
/** First strong isolate and pop directional isolate, around each value of an Arabic email. */
const FSI = '\u2068';
const PDI = '\u2069';

let dir: string;
let serverEnv: Record<string, string>;
let smtp: SmtpReceiver;
let server: RunningServer | undefined;

beforeEach(async () => {
  ({ dir, env: serverEnv } = await makeServerDirectory());
  smtp = await startSmtpReceiver();
});
afterEach(async () => {
  await killIfRunning(server);
  await smtp.close();
  await rm(dir, { recursive: true, force: true });
});

async function receivedMail() {
  return Promise.all(
    smtp.received.map(async ({ raw }) => {
      const mail = await simpleParser(raw);
      return {
        to: (mail.to as AddressObject).text,
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
      };
    }),
  );
}

/** Sends one approved application and one late (rejected) one, each with a worker email, from pages in `language`. */
async function submitGroup(running: RunningServer, language: Language) {
  const now = new Date();
  const formGroupId = newFormGroupId(randomUUID);
  const body = [validApplicantPayload(now), lateApplicationPayload(now)].map((a, i) => ({
    concessionForm: { ...a.concessionForm, formGroupId, passportNumber: `80000001${i}` },
    secondaryDetails: { ...a.secondaryDetails, workerEmailAddress: `worker${i}@example.com` },
  }));
  const response = await fetch(`${running.baseUrl}${NEW_FROM_CONCESSION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `lang=${language}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  const [approvedId, rejectedId] = ((await response.json()) as Array<{ applicantId: string }>).map(
    (item) => item.applicantId,
  );
  return { body, approvedId: approvedId!, rejectedId: rejectedId! };
}

/** Asserts that `welsh` comes before `english` in `text`, both present. */
function expectWelshFirst(text: string, welsh: string, english: string): void {
  expect(text).toContain(welsh);
  expect(text).toContain(english);
  expect(text.indexOf(welsh)).toBeLessThan(text.indexOf(english));
}

it(
  'emails a submission made in Welsh in Welsh and English, Welsh first: confirmations, decisions and a new status link',
  { timeout: 120_000 },
  async () => {
    server = await startServer({ ...serverEnv, PUBLIC_BASE_URL, SMTP_URL: smtp.url });
    const { body, approvedId, rejectedId } = await submitGroup(server, 'cy');

    await waitFor(async () => smtp.received.length >= 4, 'four emails');
    const mails = await receivedMail();
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [
          SPONSOR,
          'Consesiwn gweithiwr creadigol: mae 2 o geisiadau wedi dod i law / Creative worker concession: 2 applications received',
        ],
        [
          'worker0@example.com',
          `Consesiwn gweithiwr creadigol: mae cais ${approvedId} wedi dod i law / Creative worker concession: application ${approvedId} received`,
        ],
        [
          'worker1@example.com',
          `Consesiwn gweithiwr creadigol: mae cais ${rejectedId} wedi dod i law / Creative worker concession: application ${rejectedId} received`,
        ],
        [
          SPONSOR,
          'Consesiwn gweithiwr creadigol: penderfyniadau ar 2 o geisiadau / Creative worker concession: decisions on 2 applications',
        ],
      ].sort(),
    );

    const confirmation = mails.find((m) => m.subject.includes('wedi dod i law') && m.to === SPONSOR)!;
    expectWelshFirst(confirmation.text, 'Ceisiadau wedi dod i law', 'Applications received');
    expectWelshFirst(confirmation.text, `Cyfeirnod y cais: ${approvedId}`, `Application reference: ${approvedId}`);
    expectWelshFirst(confirmation.text, 'Gwirio statws eich ceisiadau', 'Check the status of your applications');
    expectWelshFirst(confirmation.text, 'ar ôl 90 diwrnod', 'after 90 days');
    // The HTML says which part is which language.
    expect(confirmation.html).toContain('<html lang="cy">');
    expect(confirmation.html).toContain('<div lang="en">');

    const worker = mails.find((m) => m.to === 'worker0@example.com')!;
    expectWelshFirst(worker.text, 'Cais wedi dod i law', 'Application received');
    expect(worker.text).not.toContain('epat=');

    const decisions = mails.find((m) => m.subject.includes('penderfyniadau'))!;
    const familyName = body[0]!.secondaryDetails.familyName;
    expectWelshFirst(decisions.text, 'Penderfyniadau ar eich ceisiadau', 'Decisions on your applications');
    expect(decisions.text).toMatch(
      new RegExp(
        `Cyfeirnod y cais: ${approvedId}\\nEnw: ${familyName}, .+\\n.+\\nPenderfyniad: Wedi’i gymeradwyo\\nGadael y DU: Dim hwyrach na \\d{1,2} \\p{L}+ \\d{4}`,
        'u',
      ),
    );
    expect(decisions.text).toMatch(
      new RegExp(
        `Cyfeirnod y cais: ${rejectedId}\\n(.+\\n){2}Penderfyniad: Wedi’i wrthod\\nRheswm: .*lai na 3 diwrnod`,
      ),
    );
    expectWelshFirst(decisions.text, 'Penderfyniad: Wedi’i gymeradwyo', 'Decision: Approved');
    expectWelshFirst(decisions.text, 'Fisâu a Mewnfudo y DU', 'UK Visas and Immigration');

    // A new status link, asked for with the token of the first link and the licence number.
    const token = new RegExp(`${PUBLIC_BASE_URL}/status\\?epat=([\\w.-]+)`).exec(confirmation.text)?.[1] ?? '';
    const asked = await fetch(`${server.baseUrl}${NEW_STATUS_LINK_PATH}`, {
      method: 'POST',
      // The language of the page it is asked from does not matter: the submission's is followed.
      headers: { 'content-type': 'application/json', cookie: 'lang=en' },
      body: JSON.stringify({
        publicAccessTokenJWT: token,
        sponsorLicenceNumber: body[0]!.concessionForm.sponsorshipReferenceNumber,
      }),
    });
    expect(asked.status).toBeLessThan(300);
    await waitFor(async () => smtp.received.length >= 5, 'the new link');
    const newLink = (await receivedMail()).at(-1)!;
    expect(newLink.subject).toBe(
      'Consesiwn gweithiwr creadigol: dolen statws newydd ar gyfer 2 o geisiadau / Creative worker concession: new status link for 2 applications',
    );
    expectWelshFirst(
      newLink.text,
      'Dolen newydd i wirio statws eich ceisiadau',
      'New link to check the status of your applications',
    );
    expectWelshFirst(newLink.text, 'Os na wnaethoch ofyn am ddolen newydd', 'If you did not ask for a new link');
  },
);

it(
  'emails a submission made in Arabic in Arabic, with each reference, name and date isolated',
  { timeout: 120_000 },
  async () => {
    server = await startServer({ ...serverEnv, PUBLIC_BASE_URL, SMTP_URL: smtp.url });
    const { body, approvedId, rejectedId } = await submitGroup(server, 'ar');

    await waitFor(async () => smtp.received.length >= 4, 'four emails');
    const mails = await receivedMail();
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [SPONSOR, 'استثناء العامل الإبداعي: تم استلام طلبين'],
        ['worker0@example.com', `استثناء العامل الإبداعي: تم استلام الطلب ${FSI}${approvedId}${PDI}`],
        ['worker1@example.com', `استثناء العامل الإبداعي: تم استلام الطلب ${FSI}${rejectedId}${PDI}`],
        [SPONSOR, 'استثناء العامل الإبداعي: قرارات بشأن طلبين'],
      ].sort(),
    );
    const confirmation = mails.find((m) => m.subject.endsWith('تم استلام طلبين'))!;
    expect(confirmation.text).toContain(`الرقم المرجعي للطلب: ${FSI}${approvedId}${PDI}`);
    expect(confirmation.text).toContain('سيتوقف الرابط عن العمل بعد 90 يومًا.');
    // Arabic only: no English sentence of ours.
    expect(confirmation.text).not.toMatch(/Application|received|Check the|sponsor licence/);
    expect(confirmation.html).toContain('<html lang="ar" dir="rtl">');

    const decisions = mails.find((m) => m.subject.endsWith('قرارات بشأن طلبين'))!;
    const cos = body[0]!.concessionForm.certificateOfSponsorshipReferenceNumber;
    expect(decisions.text).toContain(`رقم شهادة الكفالة (COS): ${FSI}${cos}${PDI}\nالقرار: ${FSI}تمت الموافقة${PDI}`);
    // The date is isolated inside its isolated value.
    expect(decisions.text).toMatch(
      new RegExp(`مغادرة المملكة المتحدة: ${FSI}في موعد أقصاه ${FSI}\\d{1,2} \\p{L}+ \\d{4}${PDI}${PDI}`, 'u'),
    );
    expect(decisions.text).toContain(`الرقم المرجعي للطلب: ${FSI}${rejectedId}${PDI}`);
    expect(decisions.text).toContain('قُدّم الطلب قبل أقل من 3 أيام');
  },
);
