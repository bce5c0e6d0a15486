import { Alert, Anchor, Button, Grid, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { queryKeys, useApiQuery } from '../../api/query';
import { paths } from '../../config/paths';
import { formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { countBiRules, createBiSegment, getBiSegment, getRuleOptions, updateBiSegment, type BiCount, type BiSegment, type ClientCount, type RuleOptions, type RuleTree } from './api';
import { LiveCountPanel } from './LiveCountPanel';
import { biSegmentMessages as bi, segmentMessages as text } from './messages';
import { RuleGroupEditor } from './RuleGroupEditor';
import { useTreeEditor } from './useTreeEditor';
import { biRuleOptions, firstRule, fromWire, groupNode, MAX_RULES, placeErrors, ruleCount, toWire, unfinishedRules } from './rule-tree';
import { useLiveCount } from './useLiveCount';

/**
 * The BI builder (/segmentListbi?type=bi&id=new or &id=N): a name, a rule tree over what
 * every client has (the segments rule editor with the BI option set), and the live count
 * across every client with a row per client.
 */
export function BiSegmentBuilder({ id }: { id: number | null }) {
  const loaded = useApiQuery(queryKeys.detail('biSegments', id, { builder: true }), async (signal) => ({
      options: biRuleOptions(await getRuleOptions(signal)),
      segment: id === null ? null : await getBiSegment(id, signal),
    }), { fresh: true, keepPrevious: false });
  return (
    <Stack>
      <Anchor component={Link} to={paths.biSegmentList.href()} size="sm" data-testid="back-to-bi-segments">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {bi.backToList}
        </Group>
      </Anchor>
      {loaded.error ? (
        <Alert color="red" title={bi.loadFailed}>
          {loaded.error}
        </Alert>
      ) : !loaded.data || loaded.loading ? (
        <Stack data-testid="bi-builder-loading">
          <Skeleton h={36} w={300} />
          <Grid>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Skeleton h={240} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Skeleton h={240} />
            </Grid.Col>
          </Grid>
        </Stack>
      ) : (
        <BiSegmentForm options={loaded.data.options} segment={loaded.data.segment} />
      )}
    </Stack>
  );
}

/** The count's rows per client, and their total. */
export function ClientCountsTable({ clients, total }: { clients: ClientCount[]; total: number }) {
  if (clients.length === 0) {
    return (
      <Text size="sm" c="dimmed" mt="xs">
        {bi.noClients}
      </Text>
    );
  }
  return (
    <Table mt="sm" striped withTableBorder captionSide="top" data-testid="bi-client-counts">
      <Table.Caption>{bi.byClient}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{bi.client}</Table.Th>
          <Table.Th scope="col" ta="right">
            {bi.clientProfiles}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {clients.map((client) => (
          <Table.Tr key={client.clientId} data-testid={`bi-client-${client.clientId}`}>
            <Table.Th scope="row" fw={400}>
              {client.clientName}
            </Table.Th>
            <Table.Td ta="right">{formatNumber(client.count)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">{bi.total}</Table.Th>
          <Table.Td ta="right" fw={700}>
            {formatNumber(total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

interface FormErrors {
  name?: string;
  general?: string;
}

function BiSegmentForm({ options, segment }: { options: RuleOptions; segment: BiSegment | null }) {
  const navigate = useNavigate();
  const fields = useMemo(() => new Map(options.fields.map((field) => [field.key, field])), [options.fields]);
  const [name, setName] = useState(segment?.name ?? '');
  const [saving, setSaving] = useState(false);
  const [formErrors, setFormErrors] = useState<FormErrors>({});
  const initialTree = useMemo(() => (segment ? fromWire(segment.rules) : groupNode('and', [firstRule(options)])), [segment, options]);
  const { tree, setDirty, ruleErrors, setRuleErrors, actions } = useTreeEditor(initialTree, options);
  const nameRef = useRef<HTMLInputElement>(null);
  const live = useLiveCount<BiCount>(tree, fields, false, countBiRules);
  const rules = ruleCount(tree);


  const save = async () => {
    const wire = toWire(tree, fields);
    const body = { name: name.trim(), rules: wire.rules as RuleTree };
    setSaving(true);
    setFormErrors({});
    setRuleErrors({});
    try {
      if (segment === null) await createBiSegment(body);
      else await updateBiSegment(segment.id, body.name === segment.name ? { rules: body.rules } : body);
      setDirty(false);
      toast('success', bi.saved);
      navigate(paths.biSegmentList.href());
    } catch (caught) {
      if (!(caught instanceof ApiError) || Object.keys(caught.errors).length === 0) {
        toastError(caught);
        return;
      }
      const placed = placeErrors(caught.errors, wire.paths);
      const errors: FormErrors = { name: placed.other.name?.[0], general: placed.other.__all__?.[0] };
      setFormErrors(errors);
      setRuleErrors(placed.byNode);
      if (errors.name) nameRef.current?.focus();
      toast('error', text.fixErrors);
    } finally {
      setSaving(false);
    }
  };

  const errorsShown = { ...live.errors, ...ruleErrors };

  return (
    <Stack>
      <PageHeader
        title={segment ? bi.builderEditTitle : bi.builderCreateTitle}
        description={bi.builderIntro}
        actions={
          <>
            <Button variant="default" component={Link} to={paths.biSegmentList.href()}>
              {text.cancel}
            </Button>
            <Button onClick={() => void save()} loading={saving} data-testid="bi-segment-save">
              {bi.save}
            </Button>
          </>
        }
      />
      {formErrors.general && <Alert color="red">{formErrors.general}</Alert>}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack>
            <Paper withBorder p="md">
              <TextInput
                ref={nameRef}
                label={bi.segmentName}
                required
                maxLength={100}
                value={name}
                error={formErrors.name}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setDirty(true);
                }}
                maw={420}
                data-testid="bi-segment-name"
              />
            </Paper>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                {text.rules}
              </Title>
              <Group gap={6} mb="sm" wrap="nowrap" align="flex-start">
                <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="sm" data-testid="bi-every-client-note">
                  {bi.everyClientNote}
                </Text>
              </Group>
              <RuleGroupEditor group={tree} depth={0} label={text.rules} options={options} fields={fields} actions={actions} errors={errorsShown} canAdd={rules < MAX_RULES} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <LiveCountPanel live={live} unfinished={unfinishedRules(tree)} title={bi.countTitle}>
            {live.answer && <ClientCountsTable clients={live.answer.clients} total={live.answer.count} />}
          </LiveCountPanel>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
