import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Label } from './label.tsx';

describeFixtures('label', Label);
