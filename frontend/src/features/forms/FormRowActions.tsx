import { ActionIcon, Menu } from '@mantine/core';
import { IconCopy, IconDots, IconExternalLink, IconLock, IconLockOpen, IconPencil, IconPlayerPause, IconSend, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useApiMutation } from '../../api/query';
import { paths } from '../../config/paths';
import { duplicateForm, lockForm, publishForm, unlockForm, unpublishForm, type Form, type FormRow } from './api';
import { formMessages as text } from './messages';

const changes = ['forms'] as const;

/**
 * A form row's menu: edit, open the public page, duplicate, publish or unpublish, lock or
 * unlock, delete. A refusal (spec 6: only the creator locks a form; a locked form is changed
 * by its creator only; the plan's Forms limit) comes back as the server's message in a toast.
 */
export function FormRowActions({ form, onDelete }: { form: FormRow; onDelete: () => void }) {
  const duplicate = useApiMutation(() => duplicateForm(form.id), { invalidates: changes, success: (copy: Form) => text.duplicated(copy.name) });
  const publish = useApiMutation(() => publishForm(form.id), { invalidates: changes, success: text.published });
  const unpublish = useApiMutation(() => unpublishForm(form.id), { invalidates: changes, success: text.unpublished });
  const lock = useApiMutation(() => lockForm(form.id), { invalidates: changes, success: text.lockedDone });
  const unlock = useApiMutation(() => unlockForm(form.id), { invalidates: changes, success: text.unlockedDone });
  const published = form.status === 'Published';
  const id = form.id;

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={text.rowActions(form.name)} data-testid={`form-actions-${id}`}>
          <IconDots size={18} stroke={1.75} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.formBuilder.href(form.formType, id)} leftSection={<IconPencil size={16} />}>
          {text.edit}
        </Menu.Item>
        {published && (
          <Menu.Item component="a" href={form.publicUrl} target="_blank" rel="noopener" leftSection={<IconExternalLink size={16} />} data-testid={`form-open-${id}`}>
            {text.openPublic}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => duplicate.mutate(undefined)} data-testid={`form-duplicate-${id}`}>
          {text.duplicate}
        </Menu.Item>
        {published ? (
          <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => unpublish.mutate(undefined)} data-testid={`form-unpublish-${id}`}>
            {text.unpublish}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconSend size={16} />} onClick={() => publish.mutate(undefined)} data-testid={`form-publish-${id}`}>
            {text.publish}
          </Menu.Item>
        )}
        {form.locked ? (
          <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => unlock.mutate(undefined)} data-testid={`form-unlock-${id}`}>
            {text.unlock}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconLock size={16} />} onClick={() => lock.mutate(undefined)} data-testid={`form-lock-${id}`}>
            {text.lock}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete} data-testid={`form-delete-${id}`}>
          {text.delete}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
