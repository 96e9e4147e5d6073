import { describeFixtures } from '../govuk-fixtures.ts';
import { ErrorMessage } from './error-message.tsx';

describeFixtures('error-message', ErrorMessage);
