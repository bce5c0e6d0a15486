import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { canSeeFeature } from '../../components/FeatureGate';
import { messages } from '../../lib/messages';
import { useSession } from '../../lib/session';

/** Super-admins' screens (spec 2.2): everyone else gets the gated-content message (the API answers them 403 anyway). */
export function SuperAdminOnly({ children }: { children: ReactNode }) {
  const { access } = useSession();
  if (!canSeeFeature(access, undefined, false, true)) {
    return (
      <Alert color="red" icon={<IconLock size={18} aria-hidden />} title={messages.accessDeniedTitle} data-testid="super-admin-denied">
        {messages.adminOnly}
      </Alert>
    );
  }
  return <>{children}</>;
}
