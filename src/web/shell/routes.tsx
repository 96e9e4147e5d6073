import type { ComponentType } from 'react';
import {
  CHECK_ANSWERS_PATH,
  COMPLETE_PATH,
  GROUP_EDIT_PATH,
  INELIGIBLE_PATH,
  START_PATH,
} from '#shared/journey/paths.ts';
import { CHECK_A_CLEARANCE_PATH } from '#shared/api/clearance-check-link.ts';
import { EXIT_PATH } from '#shared/pages/exit-button.ts';
import { FEEDBACK_PATH } from '#shared/api/feedback.ts';
import type { PagePath } from '#shared/pages/page-paths.ts';
import {
  APPLICATION_SAVED_PATH,
  CONTINUE_APPLICATION_PATH,
  SAVE_APPLICATION_PATH,
} from '#shared/pages/saved-drafts.ts';
import { STATUS_APPLICANT_PATH, STATUS_LINK_RECOVERY_PATH } from '#shared/pages/page-paths.ts';
import type * as QuestionPageModule from '../features/apply/question-pages.tsx';
import { lazyPage, registerPreload } from './lazy-page.ts';

type QuestionPages = typeof QuestionPageModule;

/** One page of the service: its path (React Router syntax) and the component that renders it. */
export interface AppRoute {
  path: PagePath;
  /** Loaded on demand; `preload` fetches its code ahead of a visit. */
  Page: ComponentType & { preload(): Promise<void> };
}

// Pages that share a chunk share its loader, so that one of them arriving readies the others.
const questionPages = () => import('../features/apply/question-pages.tsx');
const reusePages = () => import('../features/apply/reuse-page.tsx');
const apply = (name: keyof QuestionPages) => lazyPage(questionPages, name);

// The routes as given, refused by the type checker when a page of the service (shared
// pages/page-paths.ts) has none (the argument's type becomes never).
function everyPageRouted<const T extends readonly AppRoute[]>(
  routes: T & ([Exclude<PagePath, T[number]['path']>] extends [never] ? unknown : never),
): T {
  return routes;
}

/** Every route of the service; any other path redirects to `/`. */
export const ROUTES = everyPageRouted([
  { path: START_PATH, Page: lazyPage(() => import('../features/info/start-page.tsx'), 'StartPage') },
  { path: '/your-contact-details', Page: apply('YourContactDetailsPage') },
  { path: '/sponsor-details', Page: apply('SponsorDetailsPage') },
  { path: '/what-would-you-like-to-do', Page: apply('WhatWouldYouLikeToDoPage') },
  { path: '/nationality', Page: lazyPage(() => import('../features/apply/nationality-page.tsx'), 'NationalityPage') },
  { path: '/place-of-departure', Page: apply('PlaceOfDeparturePage') },
  { path: '/passenger-name', Page: apply('PassengerNamePage') },
  { path: '/passenger-date-of-birth', Page: apply('PassengerDateOfBirthPage') },
  { path: '/passport-details', Page: apply('PassportDetailsPage') },
  { path: '/cos-reference', Page: apply('CosReferencePage') },
  {
    path: '/travel-details',
    Page: lazyPage(() => import('../features/apply/travel-details-page.tsx'), 'TravelDetailsPage'),
  },
  { path: '/work-dates', Page: lazyPage(() => import('../features/apply/work-dates-page.tsx'), 'WorkDatesPage') },
  { path: '/reuse-travel-details', Page: lazyPage(reusePages, 'ReuseTravelDetailsPage') },
  { path: '/reuse-work-dates', Page: lazyPage(reusePages, 'ReuseWorkDatesPage') },
  {
    path: CHECK_ANSWERS_PATH,
    Page: lazyPage(() => import('../features/apply/check-answers-page.tsx'), 'CheckAnswersPage'),
  },
  { path: COMPLETE_PATH, Page: lazyPage(() => import('../features/apply/complete-page.tsx'), 'CompletePage') },
  { path: GROUP_EDIT_PATH, Page: lazyPage(() => import('../features/apply/group-edit-page.tsx'), 'GroupEditPage') },
  { path: '/status', Page: lazyPage(() => import('../features/status/status-pages.tsx'), 'StatusPage') },
  {
    path: STATUS_APPLICANT_PATH,
    Page: lazyPage(() => import('../features/status/status-applicant-page.tsx'), 'StatusApplicantPage'),
  },
  { path: INELIGIBLE_PATH, Page: lazyPage(() => import('../features/apply/ineligible-page.tsx'), 'IneligiblePage') },
  { path: '/terms-and-conditions', Page: lazyPage(() => import('../features/info/terms-page.tsx'), 'TermsPage') },
  { path: '/privacy-policy', Page: lazyPage(() => import('../features/info/privacy-page.tsx'), 'PrivacyPage') },
  { path: '/cookies', Page: lazyPage(() => import('../features/cookies/cookies-page.tsx'), 'CookiesPage') },
  {
    path: CHECK_A_CLEARANCE_PATH,
    Page: lazyPage(() => import('../features/check/check-page.tsx'), 'CheckAClearancePage'),
  },
  { path: FEEDBACK_PATH, Page: lazyPage(() => import('../features/feedback/feedback-page.tsx'), 'FeedbackPage') },
  {
    path: '/accessibility',
    Page: lazyPage(() => import('../features/info/accessibility-page.tsx'), 'AccessibilityPage'),
  },
  { path: EXIT_PATH, Page: lazyPage(() => import('../features/info/exit-page.tsx'), 'ExitPage') },
  {
    path: SAVE_APPLICATION_PATH,
    Page: lazyPage(() => import('../features/apply/save-application-page.tsx'), 'SaveApplicationPage'),
  },
  {
    path: APPLICATION_SAVED_PATH,
    Page: lazyPage(() => import('../features/apply/application-saved-page.tsx'), 'ApplicationSavedPage'),
  },
  {
    path: CONTINUE_APPLICATION_PATH,
    Page: lazyPage(() => import('../features/apply/continue-application-page.tsx'), 'ContinueApplicationPage'),
  },
  {
    path: STATUS_LINK_RECOVERY_PATH,
    Page: lazyPage(() => import('../features/status/status-link-recovery-page.tsx'), 'StatusLinkRecoveryPage'),
  },
]);

for (const { path, Page } of ROUTES) registerPreload(path, Page);
