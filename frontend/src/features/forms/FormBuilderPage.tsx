import { Alert, Anchor, Container, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../api/query';
import { canSeeFeature } from '../../components/FeatureGate';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { getForm, listDisclaimers, listFormFields, listFormThemes, type FormType } from './api';
import { FormEditor } from './FormEditor';
import { formMessages as text, formTypes } from './messages';

const DISCLAIMER_ACCESS = 'enableDisclaimerSection';

function isFormType(value: string | undefined): value is FormType {
  return value !== undefined && Object.hasOwn(formTypes, value);
}

/**
 * The form builder (spec 2.4 /builderForms/:formType): a new form of that type, or the saved
 * one ?id= names. The disclaimer choice shows only where spec 6's 'enable disclaimer section
 * in forms' access reaches the member.
 */
export default function FormBuilderPage() {
  const { formType } = useParams();
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  // A form the editor created itself: its new ?id= is not a form to load (the editor holds it).
  const created = useRef<number | null>(null);
  const opening = id !== null && id !== created.current ? id : null;
  const { access } = useSession();
  const mayDisclaim = canSeeFeature(access, DISCLAIMER_ACCESS);
  const valid = isFormType(formType);

  const form = useApiQuery(queryKeys.detail('forms', opening, { builder: true }), (signal) => getForm(opening ?? 0, signal), { enabled: valid && opening !== null, fresh: true, keepPrevious: false });
  const fields = useApiQuery(queryKeys.list('formFields'), listFormFields, { enabled: valid });
  const themes = useApiQuery(queryKeys.list('formThemes'), listFormThemes, { enabled: valid });
  const disclaimers = useApiQuery(queryKeys.list('disclaimers'), listDisclaimers, { enabled: valid && mayDisclaim });
  const error = form.error ?? fields.error ?? themes.error ?? disclaimers.error;
  const ready = fields.data && themes.data && (opening === null || form.data) && (!mayDisclaim || disclaimers.data);

  return (
    <Container size="xl" py="md">
      <Stack>
        <Anchor component={Link} to={paths.forms.href()} size="sm" data-testid="back-to-forms">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {text.backToList}
          </Group>
        </Anchor>
        {!valid ? (
          <Alert color="red">{text.unknownType}</Alert>
        ) : error ? (
          <Alert color="red" title={text.loadFailed}>
            {error}
          </Alert>
        ) : !ready || form.loading ? (
          <BuilderSkeleton />
        ) : (
          <FormEditor
            key={`${formType}:${opening ?? 'new'}`}
            form={opening === null ? null : form.data}
            formType={formType}
            fields={fields.data ?? []}
            themes={themes.data ?? []}
            disclaimers={mayDisclaim ? (disclaimers.data ?? []) : null}
            onCreated={(newId) => (created.current = newId)}
          />
        )}
      </Stack>
    </Container>
  );
}

function BuilderSkeleton() {
  return (
    <Stack data-testid="form-builder-loading">
      <Skeleton h={36} w={320} />
      <Grid>
        <Grid.Col span={7}>
          <Skeleton h={420} />
        </Grid.Col>
        <Grid.Col span={5}>
          <Skeleton h={420} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
