import { Navigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';

/** /abtest (spec 2.4): an A/B test is a campaign of kind AB, made on the campaign form. */
export default function AbTestPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  return <Navigate to={paths.campaignForm.href(id, 'AB')} replace />;
}
