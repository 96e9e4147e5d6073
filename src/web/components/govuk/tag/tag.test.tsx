import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Tag } from './tag.tsx';

describeFixtures('tag', Tag);
