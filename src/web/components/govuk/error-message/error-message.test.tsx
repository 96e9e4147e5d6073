import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { ErrorMessage } from './error-message.tsx';

describeFixtures('error-message', ErrorMessage);
