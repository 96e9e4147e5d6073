import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { PhaseBanner } from './phase-banner.tsx';

describeFixtures('phase-banner', PhaseBanner);
