import { ImportPage } from './ImportPage';

export default function ImportSummaryPage() {
  return <ImportPage kind="subscribers" />;
}
