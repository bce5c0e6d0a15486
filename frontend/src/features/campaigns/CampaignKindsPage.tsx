import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconChartBar, IconMail, IconRss, IconAB } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../config/paths';
import { FORM_KINDS } from './form/model';
import { campaignKindMessages as text, campaignMessages } from './messages';

const ICONS: Record<string, ReactNode> = {
  Regular: <IconMail size={22} aria-hidden />,
  AB: <IconAB size={22} aria-hidden />,
  'RSS Feed': <IconRss size={22} aria-hidden />,
  Poll: <IconChartBar size={22} aria-hidden />,
};

/**
 * /intermediateRoute (spec 2.4, asterisked): the step between the campaign grid and the
 * form. Without a campaign it asks which kind to create; with ?id= (links of the parent
 * suite) it goes on to that campaign's form.
 */
export default function CampaignKindsPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  if (raw && /^\d+$/.test(raw)) return <Navigate to={paths.campaignForm.href(Number(raw))} replace />;
  return (
    <Stack>
      <Anchor component={Link} to={paths.home.href()} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {campaignMessages.backToList}
        </Group>
      </Anchor>
      <PageHeader title={text.chooseTitle} description={text.chooseIntro} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={900}>
        {FORM_KINDS.map((kind) => (
          <Card key={kind} withBorder padding="lg" data-testid={`campaign-kind-${kind}`}>
            <Stack gap="sm" h="100%" justify="space-between">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={40} radius="md">
                  {ICONS[kind]}
                </ThemeIcon>
                <div>
                  <Text fw={600}>{text.kinds[kind]}</Text>
                  <Text size="sm" c="dimmed">
                    {text.chooseKinds[kind]}
                  </Text>
                </div>
              </Group>
              <Button component={Link} to={paths.campaignForm.href(undefined, kind)} variant="light" w="fit-content" aria-label={text.choose(text.kinds[kind])}>
                {text.choose(text.kinds[kind])}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
