// The service's answers to the app (decision 040): with JavaScript, each form is sent to its page's
// address asking for JSON, and the page is drawn from the answer. A test that needs a page the
// service cannot be brought to show on demand (a Send refused, a group id already used, the
// submission failing) answers the page's own form itself, with what the service answers then: the
// page's answer as the service gives it now, with the outcome of that Send.
import type { Page, Route } from 'playwright-core';
import { parseSavedFormState, type FormState } from '../../../src/shared/journey/form-state.ts';
import type { SubmissionOutcome } from '../../../src/shared/journey/submission.ts';
import { PAGE_ANSWER_TYPE, type PageAnswer } from '../../../src/shared/pages/page-data.ts';

/** True for the form posted to the page at `path` (by the app or by the browser). */
export const isFormOf =
  (path: string) =>
  (url: URL): boolean =>
    url.pathname === path;

/** The service's answer to the app for the page of the request `route` holds, as the page is shown now. */
async function pageAnswerOf(route: Route): Promise<PageAnswer> {
  const { 'content-type': _type, 'content-length': _length, ...headers } = route.request().headers();
  const response = await route.fetch({ method: 'GET', headers: { ...headers, accept: PAGE_ANSWER_TYPE } });
  return (await response.json()) as PageAnswer;
}

/**
 * Answers the next form posted to the page at `path` as the service answers a Send that did not
 * store the applications: the page again, showing `submission` (HTTP `status`, as the service
 * sends it: 422 refused, 409 conflict, 429 too many, 503 failed). Nothing reaches the service; the
 * forms after it do. Gives the bodies of the forms posted there, in order.
 */
export async function answerNextSendWith(
  page: Page,
  path: string,
  status: number,
  submission: SubmissionOutcome,
): Promise<string[]> {
  const bodies: string[] = [];
  await page.route(isFormOf(path), async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    bodies.push(route.request().postData() ?? '');
    if (bodies.length > 1) return route.fallback();
    const answer = await pageAnswerOf(route);
    if (answer.data === undefined) throw new Error(`${path} answered ${answer.location}`);
    return route.fulfill({
      status,
      contentType: PAGE_ANSWER_TYPE,
      body: JSON.stringify({ ...answer, data: { ...answer.data, outcome: { submission } } }),
    });
  });
  return bodies;
}

/** The answers the service keeps for the page's browser, as it answers for the page's address (what a reload shows). */
export async function keptFormState(page: Page): Promise<FormState> {
  const response = await page.request.get(page.url(), { headers: { accept: PAGE_ANSWER_TYPE } });
  const answer = (await response.json()) as PageAnswer;
  if (answer.data === undefined) throw new Error(`${page.url()} answered ${answer.location}`);
  return parseSavedFormState(answer.data.session.formState);
}
