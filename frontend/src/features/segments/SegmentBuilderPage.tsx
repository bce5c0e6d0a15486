import { Alert, Anchor, Box, Button, Container, Grid, Group, MultiSelect, Paper, Radio, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { FeatureGate } from '../../components/FeatureGate';
import { PageHeader } from '../../components/PageHeader';
import { queryKeys, useApiQuery } from '../../api/query';
import { paths } from '../../config/paths';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { createSegment, getRuleOptions, getSegment, updateSegment, type RuleOptions, type RuleTree, type Segment, type SegmentChanges, type SegmentType } from './api';
import { ExportProgress } from './ExportProgress';
import { LiveCountPanel, PreviewPanel } from './LiveCountPanel';
import { segmentMessages as text } from './messages';
import { RuleGroupEditor } from './RuleGroupEditor';
import { useTreeEditor } from './useTreeEditor';
import { firstRule, fromWire, groupNode, MAX_RULES, placeErrors, ruleCount, toWire, unfinishedRules } from './rule-tree';
import { useLiveCount } from './useLiveCount';
import { useSegmentExport } from './useSegmentExport';

/** The segment builder (spec 2.4 /segments, a full page): a new segment, or the saved one ?id= names. */
export default function SegmentBuilderPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const loaded = useApiQuery(queryKeys.detail('segments', id, { builder: true }), async (signal) => ({ options: await getRuleOptions(signal), segment: id === null ? null : await getSegment(id, signal) }), { fresh: true, keepPrevious: false });

  return (
    <Container size="xl" py="md">
      <Stack>
        <Anchor component={Link} to={paths.segmentList.href()} size="sm" data-testid="back-to-segments">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {text.backToList}
          </Group>
        </Anchor>
        {loaded.error ? (
          <Alert color="red" title={text.loadFailed}>
            {loaded.error}
          </Alert>
        ) : !loaded.data || loaded.loading ? (
          <BuilderSkeleton />
        ) : (
          <SegmentForm key={String(id)} options={loaded.data.options} segment={loaded.data.segment} />
        )}
      </Stack>
    </Container>
  );
}

function BuilderSkeleton() {
  return (
    <Stack data-testid="segment-builder-loading">
      <Skeleton h={36} w={300} />
      <Grid>
        <Grid.Col span={8}>
          <Skeleton h={240} />
        </Grid.Col>
        <Grid.Col span={4}>
          <Skeleton h={240} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

interface FormErrors {
  name?: string;
  type?: string;
  websiteIds?: string;
  general?: string;
}

function SegmentForm({ options, segment }: { options: RuleOptions; segment: Segment | null }) {
  const navigate = useNavigate();
  const fields = useMemo(() => new Map(options.fields.map((field) => [field.key, field])), [options.fields]);
  const initialTree = useMemo(() => (segment ? fromWire(segment.rules) : groupNode('and', [firstRule(options)])), [segment, options]);
  const [name, setName] = useState(segment?.name ?? '');
  const [type, setType] = useState<SegmentType>(segment?.type === 'static' ? 'static' : 'dynamic');
  const [websiteIds, setWebsiteIds] = useState<string[]>(
    (segment?.websiteIds ?? (options.websiteIds.length === 1 ? options.websiteIds : [])).map(String),
  );
  const [saving, setSaving] = useState(false);
  const [formErrors, setFormErrors] = useState<FormErrors>({});
  const { tree, setDirty, ruleErrors, setRuleErrors, actions } = useTreeEditor(initialTree, options);
  const [showPreview, setShowPreview] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const live = useLiveCount(tree, fields, showPreview);
  const exporter = useSegmentExport();
  const frozen = segment !== null && segment.type === 'static';
  const rules = ruleCount(tree);


  const save = async () => {
    const wire = toWire(tree, fields);
    const rulesOut = wire.rules as RuleTree;
    const websites = websiteIds.map(Number);
    setSaving(true);
    setFormErrors({});
    setRuleErrors({});
    try {
      if (segment === null) {
        await createSegment({ name: name.trim(), type, rules: rulesOut, websiteIds: websites });
      } else {
        const changes: SegmentChanges = { rules: rulesOut };
        if (!frozen && name.trim() !== segment.name) changes.name = name.trim();
        if (!frozen) changes.websiteIds = websites;
        await updateSegment(segment.id, changes);
      }
      setDirty(false);
      toast('success', text.saved);
      navigate(paths.segmentList.href());
    } catch (caught) {
      if (!(caught instanceof ApiError) || Object.keys(caught.errors).length === 0) {
        toastError(caught);
        return;
      }
      const placed = placeErrors(caught.errors, wire.paths);
      const first = (key: string) => placed.other[key]?.[0];
      const errors: FormErrors = { name: first('name'), type: first('type'), websiteIds: first('websiteIds'), general: first('__all__') };
      setFormErrors(errors);
      setRuleErrors(placed.byNode);
      if (errors.name) nameRef.current?.focus();
      toast('error', text.fixErrors);
    } finally {
      setSaving(false);
    }
  };

  const errorsShown = { ...live.errors, ...ruleErrors };
  const websiteData = options.websiteIds.map((websiteId) => ({ value: String(websiteId), label: text.websiteLabel(websiteId) }));

  return (
    <Stack>
      <PageHeader
        title={segment ? text.builderEditTitle : text.builderCreateTitle}
        description={text.builderIntro}
        actions={
          <>
            {segment && (
              <FeatureGate actionType="exportProfiles" disable>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  loading={exporter.busy}
                  onClick={() => void exporter.start({ id: segment.id, name: segment.name })}
                  data-testid="segment-export"
                >
                  {text.export}
                </Button>
              </FeatureGate>
            )}
            <Button variant="default" component={Link} to={paths.segmentList.href()}>
              {text.cancel}
            </Button>
            <Button onClick={() => void save()} loading={saving} data-testid="segment-save">
              {text.save}
            </Button>
          </>
        }
      />
      <ExportProgress target={exporter.target} progress={exporter.progress} />
      {formErrors.general && <Alert color="red">{formErrors.general}</Alert>}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              {text.rules}
            </Title>
            <RuleGroupEditor group={tree} depth={0} label={text.rules} options={options} fields={fields} actions={actions} errors={errorsShown} canAdd={rules < MAX_RULES} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            <LiveCountPanel live={live} unfinished={unfinishedRules(tree)} />
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                {text.details}
              </Title>
              <Stack gap="sm">
                <TextInput
                  ref={nameRef}
                  label={text.segmentName}
                  required
                  maxLength={100}
                  value={name}
                  disabled={frozen}
                  description={frozen ? text.staticFixed : undefined}
                  error={formErrors.name}
                  onChange={(event) => {
                    setName(event.currentTarget.value);
                    setDirty(true);
                  }}
                  data-testid="segment-name"
                />
                <Radio.Group
                  label={text.segmentType}
                  value={type}
                  onChange={(value) => {
                    setType(value as SegmentType);
                    setDirty(true);
                  }}
                  description={segment ? text.typeFixed : undefined}
                  error={formErrors.type}
                >
                  <Stack gap={6} mt={6}>
                    <Radio value="dynamic" label={text.dynamic} description={text.dynamicHint} disabled={segment !== null} data-testid="segment-type-dynamic" />
                    <Radio value="static" label={text.static} description={text.staticHint} disabled={segment !== null} data-testid="segment-type-static" />
                  </Stack>
                </Radio.Group>
                <MultiSelect
                  label={text.websites}
                  required
                  placeholder={websiteIds.length === 0 ? text.websitesPlaceholder : undefined}
                  data={websiteData}
                  value={websiteIds}
                  disabled={frozen}
                  description={frozen ? text.staticFixed : undefined}
                  error={formErrors.websiteIds}
                  onChange={(value) => {
                    setWebsiteIds(value);
                    setDirty(true);
                  }}
                  data-testid="segment-websites"
                />
                {options.websiteIds.length === 0 && (
                  <Alert color="yellow" icon={<IconInfoCircle size={16} />}>
                    {text.noWebsites}
                  </Alert>
                )}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      <Box>
        <PreviewPanel live={live} shown={showPreview} onToggle={() => setShowPreview((shown) => !shown)} />
      </Box>
    </Stack>
  );
}
