import { describe, expect, it } from 'vitest';
import type { RejectionReason, RenderedEmail } from './templates.ts';
import { approvedEmail, confirmationEmail, escapeHtml, rejectedEmail, workerConfirmationEmail } from './templates.ts';

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
  reference: 'CWC-7K3M9Q-2',
  workerName: 'Mateus Ferreira',
  cosReference: 'C2G8H41291L',
  statusLink,
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
    expect(email.subject).toBe('Application received');
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
    expect(email.subject).toBe('Applications received');
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
    expect(email.subject).toBe('Application received');
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

describe('approvedEmail', () => {
  it('gives the reference, worker, COS number, download link and the leave date as DD MMMM YYYY', () => {
    const email = approvedEmail({ ...decision, leaveDate: '2026-06-05' });
    expect(email.subject).toBe('Application approved: CWC-7K3M9Q-2');
    expectEverywhere(email, [
      'Application approved',
      'CWC-7K3M9Q-2',
      'Mateus Ferreira',
      'C2G8H41291L',
      'Download the pre-clearance document',
      statusLink,
      'sponsor licence number',
      'No later than 05 June 2026',
    ]);
    expectPlainText(email);
  });

  it('shows a leave date given as an instant as the London day', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    const email = approvedEmail({ ...decision, leaveDate: new Date('2026-06-30T23:30:00Z') });
    expect(email.text).toContain('No later than 01 July 2026');
  });

  it('escapes the worker name in the HTML', () => {
    const email = approvedEmail({ ...decision, workerName: '<script>x</script>', leaveDate: '2026-06-05' });
    expect(email.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(email.html).not.toContain('<script>');
  });
});

describe('rejectedEmail', () => {
  const words: Record<RejectionReason, string> = {
    late: 'less than 3 days (72 hours) before',
    credibility: 'credibility checks',
    routing: 'not routed through the Republic of Ireland',
  };
  const reasons = Object.keys(words) as RejectionReason[];

  it.each(reasons)('gives the %s reason in its own words, and no other reason', (reason) => {
    const email = rejectedEmail({ ...decision, reason });
    expect(email.subject).toBe('Application rejected: CWC-7K3M9Q-2');
    expectEverywhere(email, [
      'Application rejected',
      'CWC-7K3M9Q-2',
      'Mateus Ferreira',
      'C2G8H41291L',
      words[reason],
      'https://www.gov.uk/creative-worker-visa',
      statusLink,
      'https://www.gov.uk/contact-ukvi-inside-outside-uk',
    ]);
    expectNowhere(
      email,
      reasons.filter((other) => other !== reason).map((other) => words[other]),
    );
    expectPlainText(email);
  });

  it('mentions a lost or stolen passport as the example of failed credibility checks', () => {
    expect(rejectedEmail({ ...decision, reason: 'credibility' }).text).toContain('reported lost or stolen');
  });

  it('suggests applying again at least 72 hours before travel only when the application was late', () => {
    const again = 'apply again for remote clearance at least 72 hours before the worker travels';
    expect(rejectedEmail({ ...decision, reason: 'late' }).text).toContain(again);
    expect(rejectedEmail({ ...decision, reason: 'credibility' }).text).not.toContain(again);
    expect(rejectedEmail({ ...decision, reason: 'routing' }).text).not.toContain(again);
  });

  it('escapes the worker name in the HTML', () => {
    const email = rejectedEmail({ ...decision, workerName: '<script>x</script>', reason: 'routing' });
    expect(email.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(email.html).not.toContain('<script>');
  });
});

describe('every email', () => {
  const all: RenderedEmail[] = [
    confirmationEmail(single),
    confirmationEmail(group),
    workerConfirmationEmail({ reference: 'CWC-1', workerName: 'A' }),
    approvedEmail({ ...decision, leaveDate: '2026-06-05' }),
    ...(['late', 'credibility', 'routing'] as const).map((reason) => rejectedEmail({ ...decision, reason })),
  ];

  it.each(all.map((email) => [email.subject, email] as const))('%s is an English HTML document with its subject as title', (_s, email) => {
    expect(email.html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(email.html).toContain(`<title>${escapeHtml(email.subject)}</title>`);
    expect(email.text.endsWith('\n')).toBe(true);
  });
});
