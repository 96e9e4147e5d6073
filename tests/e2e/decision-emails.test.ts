// Fewer, better emails (decision 014): a group of 10 filled in Chromium on the service that
// decides at once (MANUAL_REVIEW off) brings the sponsor exactly two emails, the confirmation and
// one email with every worker's decision, each with the status link.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { moveToNewAddress } from './support/chromium.ts';
import {
  SPONSOR,
  addToGroup,
  answerSponsor,
  answerTravel,
  answerWorkDates,
  answerWorker,
  at,
  outboxDrained,
  receivedMail,
  reuseFirstSets,
  submitGroup,
  waitForMail,
  worker,
} from './support/journey.ts';
import { workerServices } from './support/services.ts';

const test = useBrowser();

const FAMILY_NAMES = [
  'Okafor',
  'Smith',
  'García',
  'Nakamura',
  'Dubois',
  'Kowalski',
  'Silva',
  'Jensen',
  'Rossi',
  'Murphy',
];

describe('decision emails', () => {
  it('bring the sponsor of a group of 10, approved at once, exactly 2 emails', { timeout: 300_000 }, async () => {
    const { page } = test;
    const { baseUrl: base, mailDir } = workerServices().automatic;
    await answerSponsor(page, 'group-application', base);
    for (const [index, familyName] of FAMILY_NAMES.entries()) {
      // A person takes minutes over each member; the test takes seconds, and every form it sends
      // counts against its address's budget a minute: a few members from each address.
      if (index % 4 === 3) await moveToNewAddress(page.context());
      if (index > 0) {
        await page.getByRole('button', { name: 'Add another applicant' }).click();
        await at(page, '/passenger-name');
      }
      await answerWorker(page, worker(familyName, { givenNames: `Member ${index + 1}` }));
      if (index === 0) {
        await answerTravel(page);
        await answerWorkDates(page);
      } else {
        // As a person filling a group would: the first member's journey and work dates again.
        await reuseFirstSets(page);
      }
      await at(page, '/check-your-answers');
      await addToGroup(page);
    }
    const references = await submitGroup(page, 10);
    expect(references).toHaveLength(10);

    // Other tests email the same sponsor on this service: these are the ones about this group.
    const ours = (mail: Awaited<ReturnType<typeof receivedMail>>) =>
      mail.filter((m) => m.to === SPONSOR.email && references.some((reference) => m.text.includes(reference)));
    await waitForMail((mail) => ours(mail).length >= 2, 60_000, mailDir);
    // Every job due has run, so a stray third email (a decision email per worker, say) is here too.
    await outboxDrained(workerServices().automatic);
    const mails = ours(await receivedMail(mailDir));
    expect(mails.map((m) => m.subject)).toEqual([
      'Creative worker concession: 10 applications received',
      'Creative worker concession: 10 applications approved',
    ]);

    const [confirmation, decisions] = mails;
    for (const reference of references) {
      expect(confirmation?.text).toContain(`Application reference: ${reference}`);
      expect(decisions?.text).toContain(`Application reference: ${reference}\nName: `);
    }
    for (const [index, familyName] of FAMILY_NAMES.entries())
      expect(decisions?.text).toContain(`Name: ${familyName}, Member ${index + 1}\n`);
    expect(decisions?.text.match(/^Decision: Approved\nLeave the UK: No later than \d\d \w+ \d{4}$/gm)).toHaveLength(
      10,
    );
    const statusLink = new RegExp(`${base.replace(/[.]/g, '\\.')}/status\\?epat=[\\w.-]+`);
    expect(confirmation?.text).toMatch(statusLink);
    expect(decisions?.text).toMatch(statusLink);
  });
});
