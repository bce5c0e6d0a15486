import { Button, Stack, Tabs } from '@mantine/core';
import { IconLayoutNavbar, IconLayoutBottombar, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import type { HeaderFooterKind } from '../../api/templates';
import { PageHeader } from '../../components/PageHeader';
import { HeaderFooterList } from './HeaderFooterList';
import { templateMessages as text } from './messages';
import { headerFooterHref } from './template-types';

/** Campaign Footer Settings (spec 2.4 /CampaignFooterSettingsList): the headers and the footers, each searched, sorted and paged. */
export default function FooterSettingsListPage() {
  const [params, setParams] = useSearchParams();
  const kind: HeaderFooterKind = params.get('type') === 'header' ? 'header' : 'footer';
  return (
    <Stack>
      <PageHeader
        title={text.hfTitle}
        description={text.hfIntro}
        actions={
          <Button component={Link} to={headerFooterHref(kind)} leftSection={<IconPlus size={16} aria-hidden />} data-testid="hf-new">
            {kind === 'header' ? text.newHeader : text.newFooter}
          </Button>
        }
      />
      <Tabs value={kind} onChange={(value) => value && setParams({ type: value })}>
        <Tabs.List>
          <Tabs.Tab value="footer" leftSection={<IconLayoutBottombar size={16} aria-hidden />} data-testid="hf-tab-footer">
            {text.footers}
          </Tabs.Tab>
          <Tabs.Tab value="header" leftSection={<IconLayoutNavbar size={16} aria-hidden />} data-testid="hf-tab-header">
            {text.headers}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <HeaderFooterList key={kind} kind={kind} />
    </Stack>
  );
}
