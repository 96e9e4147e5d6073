import { registerTexts } from '../../i18n/i18n.ts';
import texts from 'virtual:translations/en/accessibility';
import { InfoPage } from './info-page.tsx';

registerTexts(texts);

const TEXT_KEYS = [
  'accessibility.intro',
  'accessibility.howAccessible',
  'accessibility.feedback',
  'accessibility.reporting',
  'accessibility.enforcement',
  'accessibility.technicalInformation',
  'accessibility.complianceStatus',
  'accessibility.nonAccessible',
  'accessibility.improving',
  'accessibility.preparation',
  'accessibility.testing',
];

/** Follows the GOV.UK model accessibility statement, section by section. */
export function AccessibilityPage() {
  return <InfoPage titleKey="accessibility.title" textKeys={TEXT_KEYS} />;
}
