import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { canSeeFeature } from '../../components/FeatureGate';
import { messages } from '../../lib/messages';
import { useSession } from '../../lib/session';
import { BiSegmentBuilder } from './BiSegmentBuilder';
import { BiSegmentList } from './BiSegmentList';

/**
 * BI Segmentation (spec 2.2: /segmentListbi?type=bi, super-admins only). The list, or with
 * `id` the BI builder (`id=new` a new BI segment, `id=N` a saved one). Everyone else gets the
 * app's gated-content message (the API answers them 403 anyway).
 */
export default function BiSegmentsPage() {
  const { access } = useSession();
  const [searchParams] = useSearchParams();
  if (!canSeeFeature(access, undefined, false, true)) {
    return (
      <Alert color="red" icon={<IconLock size={18} aria-hidden />} title={messages.accessDeniedTitle} data-testid="bi-segments-denied">
        {messages.adminOnly}
      </Alert>
    );
  }
  const raw = searchParams.get('id');
  if (raw === 'new') return <BiSegmentBuilder key="new" id={null} />;
  if (raw && /^\d+$/.test(raw)) return <BiSegmentBuilder key={raw} id={Number(raw)} />;
  return <BiSegmentList />;
}
