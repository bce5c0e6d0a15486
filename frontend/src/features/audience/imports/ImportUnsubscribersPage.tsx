import { ImportPage } from './ImportPage';

export default function ImportUnsubscribersPage() {
  return <ImportPage kind="unsubscribers" />;
}
