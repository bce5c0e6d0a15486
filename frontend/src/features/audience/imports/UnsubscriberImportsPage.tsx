import { ImportListPage } from './ImportListPage';

export default function UnsubscriberImportsPage() {
  return <ImportListPage kind="unsubscribers" />;
}
