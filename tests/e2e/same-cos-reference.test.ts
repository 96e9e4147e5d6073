// Two members of a group with the same certificate of sponsorship number: a GOV.UK warning on
// check your answers and on the group overview, with JavaScript, in English and Arabic (the
// journey without JavaScript shows it in journey-without-javascript.test.ts).
import { describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, useBrowser } from './support/browser.ts';
import { at } from './support/journey.ts';
import { groupWithMembers, run, seedSession } from './support/journey-states.ts';

const test = useBrowser();

const TEXTS = {
  en: {
    current: 'This certificate of sponsorship number is also given for Eithne Patricia Member0 in this group.',
    group:
      'Some applicants in this group have the same certificate of sponsorship number: Eithne Patricia Member0 and Eithne Patricia Member1.',
  },
  ar: {
    current: 'رقم شهادة الرعاية هذا مُدخل أيضًا لـ Eithne Patricia Member0 في هذه المجموعة.',
    group:
      'لدى بعض المتقدمين في هذه المجموعة رقم شهادة الرعاية نفسه: Eithne Patricia Member0 وEithne Patricia Member1.',
  },
} as const;

describe.each(['en', 'ar'] as const)('the same COS number twice in a group, in %s', (language) => {
  it('warns on the group overview and on a member’s check your answers, and the group can still be sent', async () => {
    // Every member of these groups has the fixture's COS number.
    await seedSession(test.context, run(groupWithMembers(2), { type: 'editApplication', index: 1 }), language);
    const { page } = test;
    await page.goto(`${baseUrl()}/check-your-answers`);
    await at(page, '/check-your-answers');
    await expect(page.locator('#same-cos-warning').textContent()).resolves.toContain(TEXTS[language].current);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${baseUrl()}/group-edit`);
    await at(page, '/group-edit');
    await expect(page.locator('#same-cos-warning').textContent()).resolves.toContain(TEXTS[language].group);
    await expect(page.locator('main button[value="send"]').isEnabled()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
