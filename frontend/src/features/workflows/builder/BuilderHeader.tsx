import { Anchor, Button, Group, Paper, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft, IconDeviceFloppy, IconPlayerPlay, IconPlayerStop, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../../components/StatusBadge';
import { paths } from '../../../config/paths';
import type { Workflow } from '../api';
import { workflowMessages as text } from '../messages';

interface BuilderHeaderProps {
  workflow: Workflow | null;
  name: string;
  busy: 'save' | 'publish' | 'unpublish' | null;
  canUndo: boolean;
  /** Steps with edits not applied yet: publishing waits for them (spec 5.9). */
  unsaved: number;
  onUndo: () => void;
  onSave: () => void;
  onPublish: () => void;
  onUnpublish: () => void;
  onEnrollments: () => void;
}

/** The builder's header: back to the list, the workflow's name and status, undo, enrollments, save and publish. */
export function BuilderHeader({ workflow, name, busy, canUndo, unsaved, onUndo, onSave, onPublish, onUnpublish, onEnrollments }: BuilderHeaderProps) {
  const published = workflow?.status === 'Published';
  const publishBlocked = unsaved > 0 ? text.publishBlocked(unsaved) : null;
  return (
    <Paper withBorder radius={0} px="md" py="xs" component="header">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Anchor component={Link} to={paths.workflowList.href()} size="sm" data-testid="back-to-workflows">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              {text.backToList}
            </Group>
          </Anchor>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              <Title order={1} size="h3" lineClamp={1} data-testid="builder-title">
                {name.trim() || text.newWorkflow}
              </Title>
              <StatusBadge family="workflow" status={workflow?.status ?? 'Draft'} />
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {text.builderIntro}
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button variant="subtle" leftSection={<IconArrowBackUp size={16} aria-hidden />} disabled={!canUndo} onClick={onUndo} data-testid="builder-undo">
            {text.undo}
          </Button>
          {workflow ? (
            <Button variant="subtle" leftSection={<IconUsers size={16} aria-hidden />} onClick={onEnrollments} data-testid="builder-enrollments">
              {text.enrollments}
            </Button>
          ) : null}
          <Button variant="default" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={busy === 'save'} disabled={busy !== null && busy !== 'save'} onClick={onSave} data-testid="builder-save">
            {text.save}
          </Button>
          {published ? (
            <Button color="orange" leftSection={<IconPlayerStop size={16} aria-hidden />} loading={busy === 'unpublish'} onClick={onUnpublish} data-testid="builder-unpublish">
              {text.unpublish}
            </Button>
          ) : (
            <Tooltip label={publishBlocked} disabled={!publishBlocked} multiline w={260}>
              <span>
                <Button
                  leftSection={<IconPlayerPlay size={16} aria-hidden />}
                  loading={busy === 'publish'}
                  disabled={Boolean(publishBlocked) || (busy !== null && busy !== 'publish')}
                  onClick={onPublish}
                  aria-describedby={publishBlocked ? 'publish-blocked' : undefined}
                  data-testid="builder-publish"
                >
                  {text.publish}
                </Button>
              </span>
            </Tooltip>
          )}
        </Group>
      </Group>
      {publishBlocked ? (
        <Text size="xs" c="orange.9" ta="right" id="publish-blocked" data-testid="publish-blocked">
          {publishBlocked}
        </Text>
      ) : null}
    </Paper>
  );
}
