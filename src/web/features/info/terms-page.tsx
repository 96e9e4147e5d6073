import { registerTexts } from '../../i18n/i18n.ts';
import texts from 'virtual:translations/en/terms';
import { InfoPage } from './info-page.tsx';

registerTexts(texts);

const TEXT_KEYS = [
  'terms.intro',
  'terms.usingTheService',
  'terms.accuracy',
  'terms.falseInformation',
  'terms.availability',
  'terms.links',
  'terms.personalInformation',
  'terms.liability',
  'terms.governingLaw',
  'terms.changes',
];

/** The terms and conditions of using the service. */
export function TermsPage() {
  return <InfoPage titleKey="terms.title" textKeys={TEXT_KEYS} />;
}
