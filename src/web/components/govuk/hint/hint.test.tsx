import { describeFixtures } from '../govuk-fixtures.ts';
import { Hint } from './hint.tsx';

describeFixtures('hint', Hint);
