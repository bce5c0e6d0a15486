import { Anchor, Button, Card, Group, Radio, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconLayoutColumns, IconLayoutRows, IconLayoutSidebar } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useApiMutation } from '../../api/query';
import { href } from '../../config/paths';
import { createPage, type LandingPage, type PageLayout, type PageType } from './api';
import { designerHref } from './LandingPagesPage';
import { lpMessages as text, pageLayouts, pageTypes } from './messages';
import { DEFAULT_SETTINGS, STARTER_CSS, starterHtml } from './starters';

const icons: Record<PageLayout, typeof IconLayoutRows> = { singleColumn: IconLayoutRows, twoColumn: IconLayoutColumns, horizontal: IconLayoutSidebar };

/** Landing page templates (spec 2.4 /lpTemplateList, a full page): a new page's type, name and layout, then the designer. */
export default function LpTemplateListPage() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [type, setType] = useState<PageType>('LP');
  const [layout, setLayout] = useState<PageLayout>('singleColumn');
  const [error, setError] = useState<string | null>(null);
  const create = useApiMutation(
    () =>
      createPage({ name: name.trim(), pageType: type, layout, content: { html: starterHtml(type, layout), css: STARTER_CSS, project: {}, settings: DEFAULT_SETTINGS } }),
    { invalidates: ['landingPages'], toastErrors: false },
  );
  const start = () => {
    if (!name.trim()) {
      setError(text.nameRequired);
      return;
    }
    create.mutate(undefined, {
      onSuccess: (page: LandingPage) => navigate(designerHref(page.id)),
      onError: (caught) => setError(caught instanceof ApiError ? (Object.values(caught.errors)[0]?.[0] ?? caught.message) : String(caught)),
    });
  };
  return (
    <Stack component="main" p="lg" maw={960} mx="auto" gap="md">
      <Anchor component={Link} to={href('/landingpages')} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {text.backToList}
        </Group>
      </Anchor>
      <Title order={1}>{text.templatesTitle}</Title>
      <Text c="dimmed">{text.templatesIntro}</Text>
      <TextInput label={text.pageName} value={name} onChange={(event) => setName(event.currentTarget.value)} error={error} required data-testid="lp-name" maxLength={100} />
      <Stack gap={4}>
        <Text fw={500} size="sm" id="lp-type-label">
          {text.pageType}
        </Text>
        <SegmentedControl
          aria-labelledby="lp-type-label"
          value={type}
          onChange={(value) => setType(value as PageType)}
          data={(['LP', 'PP'] as PageType[]).map((value) => ({ value, label: pageTypes[value] }))}
          data-testid="lp-type"
        />
      </Stack>
      <Radio.Group label={text.layout} value={layout} onChange={(value) => setLayout(value as PageLayout)}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
          {(Object.keys(pageLayouts) as PageLayout[]).map((value) => {
            const Icon = icons[value];
            return (
              <Card key={value} withBorder padding="md" component="label" style={{ cursor: 'pointer' }} data-testid={`lp-layout-${value}`}>
                <Group align="flex-start" wrap="nowrap">
                  <Radio value={value} aria-label={pageLayouts[value].label} />
                  <Stack gap={4}>
                    <Group gap={6}>
                      <Icon size={20} aria-hidden />
                      <Text fw={500}>{pageLayouts[value].label}</Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {pageLayouts[value].hint}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
      <Group justify="flex-end">
        <Button onClick={start} loading={create.isPending} data-testid="lp-start">
          {text.start}
        </Button>
      </Group>
    </Stack>
  );
}
