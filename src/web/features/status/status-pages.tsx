// /status: the submission's applications with their statuses (status-list.tsx).
import { StatusGate } from './status-gate.tsx';
import { StatusList } from './status-list.tsx';

export function StatusPage() {
  return <StatusGate>{(response) => <StatusList response={response} />}</StatusGate>;
}
