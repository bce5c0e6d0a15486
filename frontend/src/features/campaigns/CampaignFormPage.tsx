import '@mantine/dates/styles.css';
import { Alert, Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { queryKeys, useApiQuery, useInvalidate } from '../../api/query';
import { paths } from '../../config/paths';
import { campaignChoices, getCampaign, getCampaignSettings } from './api';
import { CampaignEditor } from './form/CampaignEditor';
import { FORM_KINDS } from './form/model';
import { campaignMessages as text } from './messages';
import { NewCampaign } from './NewCampaign';

/**
 * Create Campaign (spec 2.4 /createcampaign): the name, type and kind first (?type= from
 * /intermediateRoute's choice), then the whole form of ?id=.
 */
export default function CampaignFormPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const asked = searchParams.get('type') ?? '';
  const kind = (FORM_KINDS as readonly string[]).includes(asked) ? asked : 'Regular';
  const campaignId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  // The form is seeded from these answers, so it waits for this visit's own (fresh), never a cached one.
  const choices = useApiQuery(queryKeys.list('campaignChoices'), campaignChoices, { fresh: true });
  const settings = useApiQuery(queryKeys.detail('campaignSettings', 'current'), getCampaignSettings, { fresh: true });
  const campaign = useApiQuery(queryKeys.detail('campaigns', campaignId), (signal) => getCampaign(campaignId ?? 0, signal), {
    enabled: campaignId !== null,
    keepPrevious: false,
    fresh: true,
  });
  const invalidate = useInvalidate();
  const error = choices.error ?? settings.error ?? campaign.error;
  const ready = choices.data && settings.data && (campaignId === null || campaign.data);
  const back = (
    <Anchor component={Link} to={paths.home.href()} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {text.backToList}
      </Group>
    </Anchor>
  );
  if (!ready || !choices.data || !settings.data) return <Stack>{back}{error ? <Alert color="red">{error}</Alert> : <Skeleton h={300} />}</Stack>;
  return (
    <Stack>
      {back}
      {campaignId !== null && campaign.data ? (
        <CampaignEditor key={campaign.data.id} campaign={campaign.data} choices={choices.data} settings={settings.data} reload={() => void invalidate('campaigns')} />
      ) : (
        <NewCampaign key={kind} types={choices.data.types} initialKind={kind} />
      )}
    </Stack>
  );
}
