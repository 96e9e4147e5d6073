import type { ComponentType } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { lazyPage } from './lazy-page.ts';

/** One page of the service: its path (React Router syntax) and the component that renders it. */
export interface AppRoute {
  path: string;
  Page: ComponentType;
}

const Placeholder = lazyPage(() => import('./placeholder-page.tsx'), 'PlaceholderPage');

// Pages of the journey and the status area that later work fills in; each shows its heading.
function placeholder(titleKey: string): ComponentType {
  return function PendingPage() {
    const { t } = useTranslation();
    return <Placeholder title={t(titleKey)} />;
  };
}

/** Every route of spec §2; any other path redirects to `/`. */
export const ROUTES: AppRoute[] = [
  { path: '/', Page: lazyPage(() => import('../features/info/start-page.tsx'), 'StartPage') },
  { path: '/your-contact-details', Page: placeholder('pages.yourContactDetails') },
  { path: '/sponsor-details', Page: placeholder('pages.sponsorDetails') },
  { path: '/what-would-you-like-to-do', Page: placeholder('pages.whatWouldYouLikeToDo') },
  { path: '/nationality', Page: placeholder('pages.nationality') },
  { path: '/place-of-departure', Page: placeholder('pages.placeOfDeparture') },
  { path: '/passenger-name', Page: placeholder('pages.passengerName') },
  { path: '/passenger-date-of-birth', Page: placeholder('pages.passengerDateOfBirth') },
  { path: '/passport-details', Page: placeholder('pages.passportDetails') },
  { path: '/cos-reference', Page: placeholder('pages.cosReference') },
  { path: '/travel-details', Page: placeholder('pages.travelDetails') },
  { path: '/work-dates', Page: placeholder('pages.workDates') },
  { path: '/reuse-travel-details', Page: placeholder('pages.reuseTravelDetails') },
  { path: '/reuse-work-dates', Page: placeholder('pages.reuseWorkDates') },
  { path: '/check-your-answers', Page: placeholder('pages.checkYourAnswers') },
  { path: '/complete', Page: placeholder('pages.complete') },
  { path: '/group-edit', Page: placeholder('pages.groupEdit') },
  { path: '/status', Page: placeholder('pages.status') },
  { path: '/status/:applicantIndex', Page: placeholder('pages.statusApplicant') },
  { path: '/ineligible', Page: placeholder('pages.ineligible') },
  { path: '/terms-and-conditions', Page: lazyPage(() => import('../features/info/terms-page.tsx'), 'TermsPage') },
  { path: '/privacy-policy', Page: lazyPage(() => import('../features/info/privacy-page.tsx'), 'PrivacyPage') },
  { path: '/cookies', Page: lazyPage(() => import('../features/cookies/cookies-page.tsx'), 'CookiesPage') },
  { path: '/accessibility', Page: lazyPage(() => import('../features/info/accessibility-page.tsx'), 'AccessibilityPage') },
];

/** Other spellings of a route that the spec mentions (spec §2: "/reuse-travel"). */
export const ROUTE_ALIASES: Record<string, string> = {
  '/reuse-travel': '/reuse-travel-details',
};
