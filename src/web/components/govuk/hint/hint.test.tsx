import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Hint } from './hint.tsx';

describeFixtures('hint', Hint);
