import { ActionIcon, Menu } from '@mantine/core';
import { IconCopy, IconDots, IconExternalLink, IconPencil, IconPlayerPause, IconSend, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useApiMutation } from '../../api/query';
import { href } from '../../config/paths';
import { publishCheckoutForm, replicateCheckoutForm, unpublishCheckoutForm, type CheckoutForm } from './api';
import { commerceMessages as text, kinds } from './messages';

const changes = ['checkoutForms'] as const;

/** A checkout form's menu: edit, open its page, replicate (a copy, status Replicated), publish or unpublish, delete. */
export function CheckoutFormRowActions({ form, onDelete }: { form: CheckoutForm; onDelete: () => void }) {
  const replicate = useApiMutation(() => replicateCheckoutForm(form.id), { invalidates: changes, success: (copy: CheckoutForm) => text.replicated(copy.name) });
  const publish = useApiMutation(() => publishCheckoutForm(form.id), { invalidates: changes, success: text.published });
  const unpublish = useApiMutation(() => unpublishCheckoutForm(form.id), { invalidates: changes, success: text.unpublished });
  const published = form.status === 'Published';
  const id = form.id;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={text.rowActions(form.name)} data-testid={`checkout-form-actions-${id}`}>
          <IconDots size={18} stroke={1.75} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={href(kinds[form.kind].builderPath, { query: { id } })} leftSection={<IconPencil size={16} />}>
          {text.edit}
        </Menu.Item>
        {published && (
          <Menu.Item component="a" href={form.publicUrl} target="_blank" rel="noopener" leftSection={<IconExternalLink size={16} />} data-testid={`checkout-form-open-${id}`}>
            {text.openPublic}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => replicate.mutate(undefined)} data-testid={`checkout-form-replicate-${id}`}>
          {text.replicate}
        </Menu.Item>
        {published ? (
          <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => unpublish.mutate(undefined)} data-testid={`checkout-form-unpublish-${id}`}>
            {text.unpublish}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconSend size={16} />} onClick={() => publish.mutate(undefined)} data-testid={`checkout-form-publish-${id}`}>
            {text.publish}
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete} data-testid={`checkout-form-delete-${id}`}>
          {text.delete}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
