import { describeFixtures } from '../govuk-fixtures.ts';
import { Table } from './table.tsx';

describeFixtures('table', Table);
