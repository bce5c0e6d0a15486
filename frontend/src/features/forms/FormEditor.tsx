import { Alert, Button, Grid, Group, Stack, Tabs } from '@mantine/core';
import { IconDeviceFloppy, IconExternalLink, IconLock, IconPlayerPause, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { LeaveGuard } from '../../components/LeaveGuard';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../config/paths';
import { StatusBadge } from '../../components/StatusBadge';
import { useSession } from '../../lib/session';
import { AfterSubmit } from './AfterSubmit';
import type { Disclaimer, Form, FormFieldChoice, FormTheme, FormType } from './api';
import { ChoicesEditor } from './ChoicesEditor';
import { addField, usedKeys } from './definition';
import { FieldPalette } from './FieldPalette';
import { FormBasics } from './FormBasics';
import { HiddenFields } from './HiddenFields';
import { LookSettings } from './LookSettings';
import { formMessages as text, formTypes } from './messages';
import { OptInSettings } from './OptInSettings';
import { PopupSettings } from './PopupSettings';
import { popupClient } from './popup/popup';
import { PreviewPane } from './PreviewPane';
import { SectionList } from './SectionList';
import { useFormBuilder } from './useFormBuilder';

interface FormEditorProps {
  form: Form | null;
  formType: FormType;
  fields: FormFieldChoice[];
  themes: FormTheme[];
  disclaimers: Disclaimer[] | null;
  onCreated: (id: number) => void;
}

/** Which tab holds the place an error is keyed at. */
const settingsTab = (key: string) => /^(themeId|disclaimerId|definition\.(groups|tags|hidden|thankYou|confirmation|submitText|popup))/.test(key);

/** The builder of one form: the fields tab (palette and sections), the settings tab, and the live preview. */
export function FormEditor({ form, formType, fields, themes, disclaimers, onCreated }: FormEditorProps) {
  const builder = useFormBuilder(form, formType, onCreated);
  const { draft, change, edit, errors, attempt, busy, saved } = builder;
  const me = useSession().status?.user.email;
  const [tab, setTab] = useState<string | null>('fields');
  const [section, setSection] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const lockedOut = Boolean(saved?.locked && saved.createdByEmail !== me);
  const published = saved?.status === 'Published';

  // UI.md: after a refused save the first field in error gets the focus (on its tab).
  useEffect(() => {
    if (attempt === 0) return;
    const keys = Object.keys(errors);
    if (keys.length && keys.every(settingsTab)) setTab('settings');
    else if (keys.length) setTab('fields');
    const timer = window.setTimeout(() => root.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus(), 50);
    return () => window.clearTimeout(timer);
  }, [attempt, errors]);

  return (
    <Stack ref={root}>
      <LeaveGuard isDirty={builder.isDirty} />
      <PageHeader
        title={saved ? saved.name : text.newForm(formTypes[formType].label)}
        description={text.builderIntro}
        actions={
          <>
            {saved && <StatusBadge family="form" status={saved.status} />}
            {published && saved && (
              <Button variant="subtle" component="a" href={saved.publicUrl} target="_blank" rel="noopener" leftSection={<IconExternalLink size={16} aria-hidden />} data-testid="open-public">
                {text.publicPage}
              </Button>
            )}
            {published ? (
              <Button variant="default" onClick={() => void builder.unpublish()} disabled={busy || lockedOut} leftSection={<IconPlayerPause size={16} aria-hidden />} data-testid="form-unpublish">
                {text.unpublish}
              </Button>
            ) : (
              <Button variant="default" onClick={() => void builder.publish()} disabled={busy || lockedOut} leftSection={<IconSend size={16} aria-hidden />} data-testid="form-publish">
                {text.publish}
              </Button>
            )}
            <Button onClick={() => void builder.save()} loading={busy} disabled={lockedOut} leftSection={<IconDeviceFloppy size={16} aria-hidden />} data-testid="form-save">
              {text.save}
            </Button>
          </>
        }
      />
      {lockedOut && (
        <Alert color="orange" icon={<IconLock size={18} />} data-testid="form-locked">
          {text.lockedByOther}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <FormBasics draft={draft} formType={formType} errors={errors} change={change} />
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="fields" data-testid="tab-fields">
                  {text.palette}
                </Tabs.Tab>
                <Tabs.Tab value="settings" data-testid="tab-settings">
                  {text.settings}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="fields" pt="md">
                <Group align="flex-start" wrap="nowrap" gap="md">
                  <div style={{ width: 240, flexShrink: 0 }}>
                    <FieldPalette fields={fields} used={usedKeys(draft.definition)} onAdd={(field) => edit((d) => addField(d, Math.min(section, d.sections.length - 1), field))} />
                  </div>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <SectionList definition={draft.definition} errors={errors} selected={section} onSelect={setSection} edit={edit} />
                  </div>
                </Group>
              </Tabs.Panel>
              <Tabs.Panel value="settings" pt="md">
                <Stack>
                  <ChoicesEditor kind="groups" definition={draft.definition} errors={errors} edit={edit} />
                  <ChoicesEditor kind="tags" definition={draft.definition} errors={errors} edit={edit} />
                  <HiddenFields definition={draft.definition} fields={fields} errors={errors} edit={edit} />
                  <AfterSubmit definition={draft.definition} errors={errors} edit={edit} />
                  <OptInSettings doubleOptIn={draft.doubleOptIn} onDoubleOptIn={(doubleOptIn) => change({ doubleOptIn })} definition={draft.definition} errors={errors} edit={edit} />
                  {formType !== 'surveyForm' && (
                    <PopupSettings definition={draft.definition} errors={errors} edit={edit} previewHref={saved ? paths.popupContainer.href(saved.id, popupClient(saved)) : null} />
                  )}
                  <LookSettings
                    themes={themes}
                    themeId={draft.themeId}
                    onTheme={(themeId) => change({ themeId })}
                    disclaimers={disclaimers}
                    disclaimerId={draft.disclaimerId}
                    onDisclaimer={(disclaimerId) => change({ disclaimerId })}
                    errors={errors}
                  />
                </Stack>
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PreviewPane definition={draft.definition} theme={themes.find((theme) => theme.id === draft.themeId) ?? null} showDisclaimer={draft.disclaimerId !== null} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
