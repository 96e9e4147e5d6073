// /status: the submission's applications with their statuses (status-list.tsx). One application in
// detail is a page of its own (status-applicant-page.tsx), whose code (the country names it shows
// the nationality with) loads once the visitor does something here.
import { STATUS_APPLICANT_PATH } from '#shared/pages/page-paths.ts';
import { usePreloadPages } from '../../shell/lazy-page.ts';
import { StatusGate } from './status-gate.tsx';
import { StatusList } from './status-list.tsx';

export function StatusPage() {
  usePreloadPages([STATUS_APPLICANT_PATH]);
  return <StatusGate>{(response) => <StatusList response={response} />}</StatusGate>;
}
