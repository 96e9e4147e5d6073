import { describeFixtures } from '../govuk-fixtures.ts';
import { Label } from './label.tsx';

describeFixtures('label', Label);
