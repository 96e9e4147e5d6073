import { registerTexts } from '../../i18n/i18n.ts';
import texts from 'virtual:translations/en/privacy';
import { InfoPage } from './info-page.tsx';

registerTexts(texts);

const TEXT_KEYS = [
  'privacy.intro',
  'privacy.controller',
  'privacy.dataProtectionOfficer',
  'privacy.whatWeCollect',
  'privacy.whyWeNeedIt',
  'privacy.lawfulBasis',
  'privacy.sharing',
  'privacy.internationalTransfers',
  'privacy.retention',
  'privacy.rights',
  'privacy.complaints',
  'privacy.automatedDecisions',
  'privacy.security',
  'privacy.changes',
  'privacy.lastUpdated',
];

/** The privacy notice (UK GDPR). */
export function PrivacyPage() {
  return <InfoPage titleKey="privacy.title" textKeys={TEXT_KEYS} />;
}
