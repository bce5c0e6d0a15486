import { Anchor, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { FeatureGate } from '../../../components/FeatureGate';
import { paths } from '../../../config/paths';
import { messages } from '../../../lib/messages';
import { exportProfiles, type ExportFilters } from './api';

/** Starts an export of the profiles the list shows; the file is fetched from Background Jobs. */
export function ExportButton({ filters }: { filters: ExportFilters }) {
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);

  const start = async () => {
    setBusy(true);
    try {
      const { jobId: started } = await exportProfiles(filters);
      setJobId(started);
      toast('success', messages.exportStarted);
    } catch (error) {
      toast('error', error instanceof Error ? error.message : messages.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="xs">
      {jobId !== null && (
        <Text size="sm">
          <Anchor component={Link} to={paths.backgroundJobs.href(jobId)} data-testid="export-job-link">
            {messages.viewJob}
          </Anchor>
        </Text>
      )}
      <FeatureGate actionType="exportProfiles" disable>
        <Button variant="default" onClick={() => void start()} loading={busy} data-testid="export-profiles">
          {messages.exportProfiles}
        </Button>
      </FeatureGate>
    </Group>
  );
}
