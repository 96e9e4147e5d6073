import { describe, expect, it } from 'vitest';
import type { DecidedApplication, RejectionReason, RenderedEmail } from './templates.ts';
import type { WithdrawnApplication } from './templates.ts';
import { confirmationEmail, decisionsEmail, escapeHtml, workerConfirmationEmail } from './templates.ts';
import {
  lockoutNoticeEmail,
  newStatusLinkEmail,
  savedDraftEmail,
  withdrawalEmail,
  workerWithdrawalEmail,
} from './templates.ts';

const statusLink = 'https://cwc.example.gov.uk/status?epat=eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';

const single = {
  sponsorName: 'Riverside Theatre Company',
  applications: [{ reference: 'CWC-7K3M9Q-1', workerName: 'Siobhán O’Neill', cosReference: 'C2G8H41290K' }],
  statusLink,
  decisionWithinHours: 72,
  statusLinkTtlDays: 90,
};

const group = {
  ...single,
  applications: [
    { reference: 'CWC-7K3M9Q-1', workerName: 'Siobhán O’Neill', cosReference: 'C2G8H41290K' },
    { reference: 'CWC-7K3M9Q-2', workerName: 'Mateus Ferreira', cosReference: 'C2G8H41291L' },
    { reference: 'CWC-7K3M9Q-3', workerName: 'Amara Okafor', cosReference: 'C2G8H41292M' },
  ],
};

const decision = {
  reference: 'CWC-7K3M9-QF2XA-B',
  workerName: 'Mateus Ferreira',
  cosReference: 'C2G8H41291L',
};

/** The text of the HTML version as a reader sees it: tags dropped, entities decoded. */
function visibleHtml(html: string): string {
  return html
    .replace(/<title>.*?<\/title>/s, '')
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function expectEverywhere(email: RenderedEmail, values: readonly string[]): void {
  for (const value of values) {
    expect(email.text).toContain(value);
    expect(visibleHtml(email.html)).toContain(value);
  }
}

function expectNowhere(email: RenderedEmail, values: readonly string[]): void {
  for (const value of values) {
    expect(email.text).not.toContain(value);
    expect(email.html).not.toContain(value);
  }
}

function expectPlainText(email: RenderedEmail): void {
  expect(email.text).not.toMatch(/<[a-z!/]/i);
  expect(email.text).not.toMatch(/&(amp|lt|gt|quot|#\d+);/);
  // Notify reads these at the start of a line as markdown.
  expect(email.text).not.toMatch(/^(#|\*|\^|---)/m);
}

describe('confirmationEmail', () => {
  it('confirms one application with its reference, worker, COS number, next steps and the status link', () => {
    const email = confirmationEmail(single);
    expect(email.subject).toBe('Creative worker concession: application CWC-7K3M9Q-1 received');
    expectEverywhere(email, [
      'Application received',
      'Riverside Theatre Company',
      'CWC-7K3M9Q-1',
      'Siobhán O’Neill',
      'C2G8H41290K',
      'within 72 hours',
      'download the pre-clearance document',
      statusLink,
      'sponsor licence number',
      'after 90 days',
    ]);
    expect(email.html).toContain(`<a href="${statusLink}"`);
    expectPlainText(email);
  });

  it('confirms a group with every reference, worker and COS number', () => {
    const email = confirmationEmail(group);
    expect(email.subject).toBe('Creative worker concession: 3 applications received');
    expectEverywhere(email, [
      'We have received 3 applications',
      ...group.applications.flatMap((a) => [a.reference, a.workerName, a.cosReference]),
      'Check the status of your applications',
    ]);
    expectPlainText(email);
  });

  it('says the decision time and the link lifetime it is given', () => {
    const email = confirmationEmail({ ...single, decisionWithinHours: 48, statusLinkTtlDays: 1 });
    expectEverywhere(email, ['within 48 hours', 'after 1 day.']);
  });

  it('escapes every value in the HTML and keeps the text version free of markup', () => {
    const email = confirmationEmail({
      ...single,
      sponsorName: 'Tom & Jerry "Productions"',
      applications: [{ reference: 'CWC-1', workerName: '<script>alert(1)</script>', cosReference: "C'1<b>" }],
    });
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('Tom &amp; Jerry &quot;Productions&quot;');
    expect(email.html).toContain('C&#39;1&lt;b&gt;');
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>');
    expect(email.text).toContain('Name: <script>alert(1)</script>');
    expect(email.text).toContain('Tom & Jerry "Productions"');
  });

  it('keeps a line break inside a value from faking a line of the email', () => {
    const email = confirmationEmail({
      ...single,
      applications: [{ reference: 'CWC-1', workerName: 'Ann\r\n# Approved\nvisit evil.example', cosReference: 'C1' }],
    });
    expect(email.text).toContain('Name: Ann # Approved visit evil.example\n');
    expectPlainText(email);
  });

  it('escapes the status link in the href', () => {
    const email = confirmationEmail({ ...single, statusLink: 'https://x.example/status?epat=a"b<c' });
    expect(email.html).toContain('href="https://x.example/status?epat=a&quot;b&lt;c"');
  });
});

describe('workerConfirmationEmail', () => {
  it('gives the worker their reference and name, and no status link', () => {
    const email = workerConfirmationEmail({ reference: 'CWC-7K3M9Q-2', workerName: 'Mateus Ferreira' });
    expect(email.subject).toBe('Creative worker concession: application CWC-7K3M9Q-2 received');
    expectEverywhere(email, ['Application received', 'CWC-7K3M9Q-2', 'Mateus Ferreira', '72 hours']);
    expectNowhere(email, ['epat', 'http', 'licence number']);
    expectPlainText(email);
  });

  it('escapes the name in the HTML', () => {
    const email = workerConfirmationEmail({ reference: 'CWC-1', workerName: '<script>x</script>' });
    expect(email.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(email.html).not.toContain('<script>');
  });
});

describe('decisionsEmail', () => {
  const approved = (overrides: Partial<DecidedApplication> = {}): DecidedApplication => ({
    reference: 'CWC-7K3M9-QF2XA-B',
    workerName: 'Mateus Ferreira',
    cosReference: 'C2G8H41291L',
    outcome: { status: 'approved', leaveDate: '2026-06-05' },
    ...overrides,
  });
  const rejected = (reason: RejectionReason, overrides: Partial<DecidedApplication> = {}): DecidedApplication => ({
    reference: 'CWC-2N4P6-RS8TV-C',
    workerName: 'Amara Okafor',
    cosReference: 'C2G8H41292M',
    outcome: { status: 'rejected', reason },
    ...overrides,
  });
  const words: Record<RejectionReason, string> = {
    late: 'less than 3 days (72 hours) before',
    credibility: 'credibility checks',
    routing: 'not routed through the Republic of Ireland',
  };
  const reasons = Object.keys(words) as RejectionReason[];
  const again = 'apply again for remote clearance at least 72 hours before the worker travels';

  it('gives one approval its reference, worker, COS number, the leave date as DD MMMM YYYY and the status link', () => {
    const email = decisionsEmail({ decisions: [approved()], stillBeingChecked: 0, statusLink });
    expect(email.subject).toBe('Creative worker concession: application CWC-7K3M9-QF2XA-B approved');
    expectEverywhere(email, [
      'Application approved',
      'Application reference: CWC-7K3M9-QF2XA-B',
      'Name: Mateus Ferreira',
      'Certificate of sponsorship (COS) number: C2G8H41291L',
      'Decision: Approved',
      'Leave the UK: No later than 05 June 2026',
      'Download the pre-clearance document from the status page',
      statusLink,
      'sponsor licence number',
      // What the worker does with it: the officer at the border asks for it with the passport.
      'The worker must carry the pre-clearance document, printed or on a phone, with their passport, and show it at the border when they arrive in the UK.',
    ]);
    expectNowhere(email, ['Rejected', 'still checking', 'creative-worker-visa']);
    expect(email.html).toContain(`<a href="${statusLink}"`);
    expectPlainText(email);
  });

  it('shows a leave date given as an instant as the London day', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    const email = decisionsEmail({
      decisions: [approved({ outcome: { status: 'approved', leaveDate: new Date('2026-06-30T23:30:00Z') } })],
      stillBeingChecked: 0,
      statusLink,
    });
    expect(email.text).toContain('No later than 01 July 2026');
  });

  it.each(reasons)('gives one %s rejection its reason in its own words, and no other reason', (reason) => {
    const email = decisionsEmail({ decisions: [rejected(reason)], stillBeingChecked: 0, statusLink });
    expect(email.subject).toBe('Creative worker concession: application CWC-2N4P6-RS8TV-C rejected');
    expectEverywhere(email, [
      'Application rejected',
      'CWC-2N4P6-RS8TV-C',
      'Amara Okafor',
      'C2G8H41292M',
      'Decision: Rejected',
      `Reason: ${reason === 'routing' ? 'The worker’s travel' : 'The application'}`,
      words[reason],
      'https://www.gov.uk/creative-worker-visa',
      statusLink,
      'https://www.gov.uk/contact-ukvi-inside-outside-uk',
    ]);
    expectNowhere(email, [
      ...reasons.filter((other) => other !== reason).map((other) => words[other]),
      'No later than',
      'Download',
    ]);
    expectPlainText(email);
  });

  it('mentions a lost or stolen passport as the example of failed credibility checks', () => {
    expect(decisionsEmail({ decisions: [rejected('credibility')], stillBeingChecked: 0, statusLink }).text).toContain(
      'reported lost or stolen',
    );
  });

  it('suggests applying again at least 72 hours before travel only when an application was late', () => {
    const text = (decisions: DecidedApplication[]) =>
      decisionsEmail({ decisions, stillBeingChecked: 0, statusLink }).text;
    expect(text([rejected('late')])).toContain(again);
    expect(text([approved(), rejected('late', { reference: 'CWC-3' })])).toContain(again);
    expect(text([rejected('credibility')])).not.toContain(again);
    expect(text([rejected('routing'), approved()])).not.toContain(again);
  });

  it('lists an approval and a rejection together, each with its own outcome, in the order given', () => {
    const email = decisionsEmail({ decisions: [approved(), rejected('routing')], stillBeingChecked: 0, statusLink });
    expect(email.subject).toBe('Creative worker concession: decisions on 2 applications');
    expectEverywhere(email, [
      'Decisions on your applications',
      'We have decided 2 applications',
      '1 approved and 1 rejected',
    ]);
    expect(email.text).toContain(
      [
        'Application reference: CWC-7K3M9-QF2XA-B',
        'Name: Mateus Ferreira',
        'Certificate of sponsorship (COS) number: C2G8H41291L',
        'Decision: Approved',
        'Leave the UK: No later than 05 June 2026',
        '',
        'Application reference: CWC-2N4P6-RS8TV-C',
        'Name: Amara Okafor',
        'Certificate of sponsorship (COS) number: C2G8H41292M',
        'Decision: Rejected',
        `Reason: ${rejectedWordsOf('routing')}`,
      ].join('\n'),
    );
    // Both what an approval and what a rejection needs, and the status link once.
    expectEverywhere(email, [
      'Download the pre-clearance document',
      'https://www.gov.uk/creative-worker-visa',
      'Contact us',
    ]);
    expect(email.text.split(statusLink)).toHaveLength(2);
    expectPlainText(email);
  });

  it('names every worker of a group in one email, and says how many are still being checked', () => {
    const decisions = Array.from({ length: 9 }, (_, i) =>
      approved({ reference: `CWC-0000${i}-AAAAA-${i}`, workerName: `Worker ${i}` }),
    );
    const email = decisionsEmail({ decisions, stillBeingChecked: 1, statusLink });
    expect(email.subject).toBe('Creative worker concession: 9 applications approved');
    expectEverywhere(email, [
      '9 approved.',
      'Download the pre-clearance documents',
      'We are still checking 1 more application. We will email you when it has been decided.',
      ...decisions.flatMap((d) => [`Application reference: ${d.reference}`, `Name: ${d.workerName}`]),
    ]);
    expectNowhere(email, ['rejected', 'Contact us']);
    expect(
      decisionsEmail({ decisions: [rejected('late'), rejected('routing')], stillBeingChecked: 3, statusLink }),
    ).toMatchObject({
      subject: 'Creative worker concession: 2 applications rejected',
      text: expect.stringContaining(
        'We are still checking 3 more applications. We will email you when they have been decided.',
      ),
    });
  });

  it('escapes the worker name in the HTML and keeps line breaks in values from faking lines', () => {
    const email = decisionsEmail({
      decisions: [
        approved({ workerName: '<script>x</script>' }),
        rejected('late', { workerName: 'Ann\nDecision: Approved' }),
      ],
      stillBeingChecked: 0,
      statusLink,
    });
    expect(email.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(email.html).not.toContain('<script>');
    expect(email.text).toContain('Name: Ann Decision: Approved\n');
  });

  it('needs a decision', () => {
    expect(() => decisionsEmail({ decisions: [], stillBeingChecked: 2, statusLink })).toThrow(/at least one decision/);
  });

  function rejectedWordsOf(reason: RejectionReason): string {
    const text = decisionsEmail({ decisions: [rejected(reason)], stillBeingChecked: 0, statusLink }).text;
    return /^Reason: (.*)$/m.exec(text)?.[1] ?? '';
  }
});

describe('newStatusLinkEmail', () => {
  const request = {
    sponsorName: 'Riverside Theatre Company',
    references: ['CWC-7K3M9-QF2XA-B', 'CWC-2N4P6-RS8TV-C'],
    statusLink,
    statusLinkTtlDays: 90,
  };

  it('gives the new link, the references, the licence number hint and the link lifetime', () => {
    const email = newStatusLinkEmail(request);
    expect(email.subject).toBe('Creative worker concession: new status link for 2 applications');
    expectEverywhere(email, [
      'Riverside Theatre Company',
      'Application reference: CWC-7K3M9-QF2XA-B',
      'Application reference: CWC-2N4P6-RS8TV-C',
      statusLink,
      'sponsor licence number',
      'after 90 days',
      'If you did not ask for a new link',
    ]);
    expect(email.html).toContain(`<a href="${statusLink}"`);
    expectPlainText(email);
  });

  it('speaks of one application when there is one, and escapes the sponsor name', () => {
    const email = newStatusLinkEmail({
      ...request,
      sponsorName: '<b>Tom & Jerry</b>',
      references: ['CWC-7K3M9-QF2XA-B'],
    });
    expect(email.subject).toBe('Creative worker concession: new status link for application CWC-7K3M9-QF2XA-B');
    expect(email.html).toContain('&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;');
    expect(email.html).not.toContain('<b>');
  });
});

describe('withdrawal emails', () => {
  const withdrawn = (overrides: Partial<WithdrawnApplication> = {}): WithdrawnApplication => ({
    reference: 'CWC-7K3M9-QF2XA-B',
    workerName: 'Siobhán O’Neill',
    cosReference: 'C2G8H41290K',
    wasApproved: true,
    ...overrides,
  });
  const doNotUse = 'Do not use the pre-clearance document';
  const noLongerValid =
    'Any copy that has already been downloaded or printed is no longer valid. If anyone checks the document, the check page will say that it has been withdrawn.';
  const which = [
    'Application reference: CWC-7K3M9-QF2XA-B',
    'Name: Siobhán O’Neill',
    'Certificate of sponsorship (COS) number: C2G8H41290K',
    'Application status: Withdrawn',
  ];

  it('tells the sponsor which worker, that an approved document must not be used, what to do now, and the status link', () => {
    const email = withdrawalEmail({ application: withdrawn(), statusLink });
    expect(email.subject).toBe('Creative worker concession: application CWC-7K3M9-QF2XA-B withdrawn');
    expect(email.text).toContain(which.join('\n'));
    expectEverywhere(email, [
      'Application withdrawn',
      'The application for creative worker visa concession remote clearance has been withdrawn.',
      doNotUse,
      'The application had been approved. The pre-clearance document must not be used.',
      noLongerValid,
      'What to do now',
      'The worker cannot travel to the UK under this clearance.',
      'You can make a new application at least 72 hours (3 days) before the worker travels.',
      'Or the worker can apply for a Creative Worker visa:',
      'https://www.gov.uk/creative-worker-visa',
      'You can see the application on the status page:',
      statusLink,
      'You will need your sponsor licence number.',
      'If you have a question about this withdrawal, contact UK Visas and Immigration:',
      'https://www.gov.uk/contact-ukvi-inside-outside-uk',
    ]);
    expect(email.html).toContain(`<a href="${statusLink}"`);
    expect(email.html).toContain('<a href="https://www.gov.uk/creative-worker-visa"');
    expectPlainText(email);
  });

  it('says nothing of a document to the sponsor when the application had not been approved', () => {
    const email = withdrawalEmail({ application: withdrawn({ wasApproved: false }), statusLink });
    expect(email.subject).toBe('Creative worker concession: application CWC-7K3M9-QF2XA-B withdrawn');
    expectEverywhere(email, [
      ...which,
      'The worker cannot travel to the UK under this application.',
      'at least 72 hours (3 days) before the worker travels',
      statusLink,
    ]);
    expectNowhere(email, [doNotUse, 'pre-clearance document', 'had been approved', 'no longer valid']);
  });

  it('tells the worker the same in their own words, without the status link, the licence or COS number', () => {
    const email = workerWithdrawalEmail({ application: withdrawn() });
    expect(email.subject).toBe('Creative worker concession: application CWC-7K3M9-QF2XA-B withdrawn');
    expect(email.text).toContain(which.filter((line) => !line.includes('COS')).join('\n'));
    expectNowhere(email, ['C2G8H41290K']);
    expectEverywhere(email, [
      'The application for creative worker visa concession remote clearance for you has been withdrawn.',
      doNotUse,
      'The application had been approved. You must not use the pre-clearance document.',
      noLongerValid,
      'You cannot travel to the UK under this clearance.',
      'The person or organisation that made the application can make a new one at least 72 hours (3 days) before you travel.',
      'Or you can apply for a Creative Worker visa:',
      'https://www.gov.uk/creative-worker-visa',
      'https://www.gov.uk/contact-ukvi-inside-outside-uk',
    ]);
    expectNowhere(email, ['epat', '/status', 'licence', 'status page']);
    expectPlainText(email);

    const notApproved = workerWithdrawalEmail({ application: withdrawn({ wasApproved: false }) });
    expectEverywhere(notApproved, ['You cannot travel to the UK under this application.']);
    expectNowhere(notApproved, [doNotUse, 'pre-clearance document', 'epat', 'licence']);
  });

  it('escapes the worker’s name in the HTML and keeps line breaks in values from faking lines', () => {
    for (const email of [
      withdrawalEmail({ application: withdrawn({ workerName: '<script>x</script>' }), statusLink }),
      workerWithdrawalEmail({ application: withdrawn({ workerName: '<script>x</script>' }) }),
    ]) {
      expect(email.html).toContain('&lt;script&gt;x&lt;/script&gt;');
      expect(email.html).not.toContain('<script>');
    }
    const email = workerWithdrawalEmail({
      application: withdrawn({ workerName: 'Ann\nApplication status: Approved' }),
    });
    expect(email.text).toContain('Name: Ann Application status: Approved\n');
    expectPlainText(email);
  });
});

describe('lockoutNoticeEmail', () => {
  const notice = {
    sponsorName: 'Riverside Theatre Company',
    references: ['CWC-7K3M9-QF2XA-B', 'CWC-2N4P6-RS8TV-C'],
    newLinkPage: 'https://cwc.example.gov.uk/get-status-link',
  };

  it('says someone was locked out for an hour, what the sponsor can do, and the way to a new link and to us', () => {
    const email = lockoutNoticeEmail(notice);
    expect(email.subject).toBe(
      'Creative worker concession: 2 applications: status page locked after wrong licence numbers',
    );
    expectEverywhere(email, [
      'Riverside Theatre Company',
      'Application reference: CWC-7K3M9-QF2XA-B',
      'Application reference: CWC-2N4P6-RS8TV-C',
      'wrong sponsor licence number 5 times in an hour',
      'locked out of the status page for an hour',
      'You can still check the status with your link',
      notice.newLinkPage,
      'https://www.gov.uk/contact-ukvi-inside-outside-uk',
      'at most once an hour',
    ]);
    expectPlainText(email);
  });

  it('speaks of one application when there is one', () => {
    const email = lockoutNoticeEmail({ ...notice, references: ['CWC-7K3M9-QF2XA-B'] });
    expect(email.subject).toBe(
      'Creative worker concession: application CWC-7K3M9-QF2XA-B: status page locked after wrong licence numbers',
    );
    expectEverywhere(email, ['the status of an application for']);
  });

  it('is in Welsh, then in English, for a Welsh submission, and in Arabic for an Arabic one', () => {
    const welsh = lockoutNoticeEmail({ ...notice, language: 'cy' });
    expect(welsh.subject).toContain('tudalen statws wedi’i chloi');
    expect(welsh.subject).toContain(' / Creative worker concession');
    expectEverywhere(welsh, ['Cysylltu â ni', 'Contact us', notice.newLinkPage]);
    const arabic = lockoutNoticeEmail({ ...notice, language: 'ar' });
    expect(arabic.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(arabic.subject).toContain('قفل صفحة الحالة');
    expectEverywhere(arabic, ['مُنع شخص ما من الوصول إلى صفحة حالة طلباتك', notice.newLinkPage]);
  });
});

describe('savedDraftEmail', () => {
  const link = 'https://cwc.example.gov.uk/continue-application?token=AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB';
  // Saved at 10am GMT; 28 days later the clocks have gone forward, so the link works until 11am.
  const saved = { link, savedAt: new Date('2026-03-02T10:00:00Z'), until: new Date('2026-03-30T10:00:00Z') };

  it('gives the link, when the application was saved, that the link works once and until when, and what then', () => {
    const email = savedDraftEmail({ ...saved, language: 'en' });
    expect(email.subject).toBe('Creative worker concession: your saved application');
    expect(email.text).toBe(
      [
        'Your saved application',
        'Your application for creative worker visa concession remote clearance was saved on 02 March 2026.',
        'Continue your application with this link:',
        link,
        'The link works once. Each time you use it, we will email you a new link.',
        'You can use the link until 11am (UK time) on 30 March 2026. After that, your answers will be deleted.',
        'Do not share the link. Anyone who has it can see and change your answers.',
        'If you did not save an application, you can ignore this email.',
      ].join('\n\n') + '\n',
    );
    expectEverywhere(email, [link, 'saved on 02 March 2026', 'until 11am (UK time) on 30 March 2026']);
    expect(email.html).toContain(`<a href="${link}"`);
    expectPlainText(email);
  });

  it('is in Welsh, then in English, for a draft saved in Welsh', () => {
    const email = savedDraftEmail({ ...saved, language: 'cy' });
    expect(email.subject).toBe(
      'Consesiwn gweithiwr creadigol: eich cais a gadwyd / Creative worker concession: your saved application',
    );
    const welsh = email.text.indexOf('Bydd y ddolen yn stopio gweithio ar ôl 11yb (amser y DU) ar 30 Mawrth 2026');
    const english = email.text.indexOf('You can use the link until 11am (UK time) on 30 March 2026.');
    expect(welsh).toBeGreaterThanOrEqual(0);
    expect(english).toBeGreaterThan(welsh);
    expect(email.text.split(link)).toHaveLength(3);
    expect(email.html).toMatch(/<html lang="cy">[\s\S]*<hr [^>]*>\n<div lang="en">[\s\S]*Your saved application/);
    expectPlainText(email);
  });

  it('is in Arabic, right to left, its dates and times isolated and its link left to right', () => {
    const email = savedDraftEmail({ ...saved, language: 'ar' });
    expect(email.subject).toBe('استثناء العامل الإبداعي: طلبك المحفوظ');
    expect(email.html).toMatch(/^<!DOCTYPE html>\n<html lang="ar" dir="rtl">/);
    expect(email.html).toContain(`<p style="margin:0 0 20px;" dir="ltr"><a href="${link}"`);
    expect(email.text).toMatch(/\u2068[^\u2069]*2026\u2069/);
    expect(email.text).toMatch(/حتى \u2068[^\u2069]+\u2069 \(/);
    expectNowhere(email, ['Creative worker', 'saved on']);
    expectPlainText(email);
  });
});

describe('every email', () => {
  const all: RenderedEmail[] = [
    confirmationEmail(single),
    confirmationEmail(group),
    workerConfirmationEmail({ reference: 'CWC-1', workerName: 'A' }),
    ...(['late', 'credibility', 'routing'] as const).map((reason) =>
      decisionsEmail({
        decisions: [{ ...decision, outcome: { status: 'rejected', reason } }],
        stillBeingChecked: 0,
        statusLink,
      }),
    ),
    decisionsEmail({
      decisions: [
        { ...decision, outcome: { status: 'approved', leaveDate: '2026-06-05' } },
        { ...decision, reference: 'CWC-2', outcome: { status: 'rejected', reason: 'late' } },
      ],
      stillBeingChecked: 1,
      statusLink,
    }),
    ...[true, false].flatMap((wasApproved) => {
      const application = { ...decision, wasApproved };
      return [withdrawalEmail({ application, statusLink }), workerWithdrawalEmail({ application })];
    }),
    newStatusLinkEmail({ sponsorName: 'A', references: ['CWC-1'], statusLink, statusLinkTtlDays: 90 }),
    savedDraftEmail({ link: statusLink, savedAt: new Date(), until: new Date(), language: 'en' }),
    lockoutNoticeEmail({ sponsorName: 'A', references: ['CWC-1'], newLinkPage: statusLink }),
  ];

  it('names the service, shortly, before what happened, so an inbox can tell these emails apart', () => {
    for (const email of all)
      expect(email.subject).toMatch(/^Creative worker concession: (application CWC-|\d+ |new |decisions |your saved )/);
  });

  it.each(all.map((email) => [email.subject, email] as const))(
    '%s is an English HTML document with its subject as title',
    (_s, email) => {
      expect(email.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
      expect(email.html).toContain(`<title>${escapeHtml(email.subject)}</title>`);
      expect(email.text.endsWith('\n')).toBe(true);
    },
  );
});
