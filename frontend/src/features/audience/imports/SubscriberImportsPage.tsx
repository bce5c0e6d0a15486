import { ImportListPage } from './ImportListPage';

export default function SubscriberImportsPage() {
  return <ImportListPage kind="subscribers" />;
}
