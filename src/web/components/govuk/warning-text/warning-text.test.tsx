import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { WarningText } from './warning-text.tsx';

describeFixtures('warning-text', WarningText);
