import { Anchor, Button, Group, List, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconRss } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { getRssFeed, type RssChannel } from '../api';
import { campaignKindMessages as text, campaignRules as rule } from '../messages';
import { RSS_ARTICLES_MAX } from './model';
import { rssUrlValid } from './rules';
import { firstError, Section, type FieldsProps } from './Section';

/** Spec 3/5.2's RSS campaign: the feed, how often, how many articles; "Check feed" shows what the next email would carry. */
export function RssSection({ form, set, errors }: FieldsProps) {
  const [channel, setChannel] = useState<RssChannel | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChannel(null);
    const url = form.rssUrl.trim();
    if (!url) return setCheckError(rule.rssUrlRequired);
    if (!rssUrlValid(url)) return setCheckError(rule.rssUrlInvalid);
    setCheckError(null);
    setChecking(true);
    try {
      setChannel(await getRssFeed(url));
    } catch (failure) {
      setCheckError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setChecking(false);
    }
  };
  const shown = channel ? channel.item.slice(0, form.rssArticleCount || channel.item.length) : [];
  return (
    <Section title={text.rssTitle} testId="campaign-rss">
      <Group align="flex-start" wrap="nowrap">
        <TextInput
          label={text.rssUrl}
          placeholder="https://example.com/feed.xml"
          value={form.rssUrl}
          onChange={(e) => {
            set('rssUrl', e.currentTarget.value);
            setCheckError(null);
          }}
          error={checkError ?? firstError(errors, 'rssUrl')}
          data-testid="campaign-rss-url"
          style={{ flex: 1 }}
        />
        <Button variant="default" mt={25} leftSection={<IconRss size={16} />} loading={checking} onClick={() => void check()} data-testid="campaign-rss-check">
          {text.checkFeed}
        </Button>
      </Group>
      <Group align="flex-start" grow maw={560}>
        <Select
          label={text.rssFrequency}
          data={['Day', 'Week', 'Month'].map((value) => ({ value, label: text.frequencies[value] }))}
          value={form.rssFrequency || null}
          onChange={(value) => set('rssFrequency', (value ?? '') as typeof form.rssFrequency)}
          error={firstError(errors, 'rssFrequency')}
          data-testid="campaign-rss-frequency"
        />
        <NumberInput
          label={text.rssArticleCount}
          value={form.rssArticleCount}
          onChange={(value) => set('rssArticleCount', typeof value === 'number' ? value : '')}
          min={1}
          max={RSS_ARTICLES_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={firstError(errors, 'rssArticleCount')}
          data-testid="campaign-rss-count"
        />
      </Group>
      {channel ? (
        <Paper withBorder p="sm" data-testid="campaign-rss-preview">
          <Stack gap="xs">
            <Text fw={600}>{channel.title}</Text>
            {channel.description ? (
              <Text size="sm" c="dimmed">
                {channel.description}
              </Text>
            ) : null}
            {shown.length ? (
              <>
                <Text size="sm">{text.feedPreview(shown.length)}</Text>
                <List size="sm" spacing={4}>
                  {shown.map((item) => (
                    <List.Item key={item.guid || item.link || item.title}>
                      {item.link ? (
                        <Anchor href={item.link} target="_blank" rel="noreferrer noopener">
                          {item.title}
                        </Anchor>
                      ) : (
                        item.title
                      )}
                      {item.pubDate ? <Text span size="xs" c="dimmed">{` · ${item.pubDate}`}</Text> : null}
                    </List.Item>
                  ))}
                </List>
              </>
            ) : (
              <Text size="sm">{text.feedEmpty}</Text>
            )}
          </Stack>
        </Paper>
      ) : null}
    </Section>
  );
}
