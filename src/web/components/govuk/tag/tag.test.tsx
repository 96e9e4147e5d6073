import { describeFixtures } from '../govuk-fixtures.ts';
import { Tag } from './tag.tsx';

describeFixtures('tag', Tag);
