import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Table } from './table.tsx';

describeFixtures('table', Table);
