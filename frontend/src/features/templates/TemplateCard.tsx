import { ActionIcon, Anchor, AspectRatio, Card, Center, Group, Image, Menu, Stack, Text } from '@mantine/core';
import { IconCopy, IconDots, IconEye, IconFolderShare, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { TemplateRow } from '../../api/templates';
import { formatClientDateTime } from '../../lib/format';
import { templateMessages as text } from './messages';
import { editHref } from './template-types';
import { useThumbnail } from './useThumbnail';

export type CardAction = 'preview' | 'duplicate' | 'move' | 'delete';

interface TemplateCardProps {
  template: TemplateRow;
  timeZoneMinutes: number;
  onAction: (action: CardAction, template: TemplateRow) => void;
}

/** One template in the gallery: its thumbnail (or a neutral placeholder until one exists), name, last update, actions. */
export function TemplateCard({ template, timeZoneMinutes, onAction }: TemplateCardProps) {
  const edit = editHref(template);
  // A thumbnail still being made answers 404: the placeholder stays until the next load.
  const thumbnail = useThumbnail(template.id, template.thumbnailUrl);
  return (
    <Card withBorder padding="sm" radius="md" data-testid={`template-card-${template.id}`}>
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          {thumbnail ? (
            <Image src={thumbnail} alt={text.thumbnailOf(template.name)} fit="cover" data-testid="template-thumbnail" />
          ) : (
            <Center bg="gray.0" data-testid="template-no-thumbnail">
              <Stack align="center" gap={4}>
                <IconPhoto size={32} stroke={1.25} color="var(--mantine-color-gray-5)" aria-hidden />
                <Text size="xs" c="dimmed">
                  {text.noThumbnail}
                </Text>
              </Stack>
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Group justify="space-between" wrap="nowrap" mt="sm" gap="xs" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={edit} fw={600} size="sm" truncate="end" title={template.name} data-testid="template-name">
            {template.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {text.updated(formatClientDateTime(template.updatedAt, timeZoneMinutes))}
          </Text>
        </Stack>
        <Menu position="bottom-end" withinPortal hideDetached={false}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={text.actionsOf(template.name)} data-testid="template-menu">
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={edit} leftSection={<IconPencil size={16} aria-hidden />}>
              {text.edit}
            </Menu.Item>
            <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => onAction('preview', template)}>
              {text.preview}
            </Menu.Item>
            <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => onAction('duplicate', template)}>
              {text.duplicate}
            </Menu.Item>
            <Menu.Item leftSection={<IconFolderShare size={16} aria-hidden />} onClick={() => onAction('move', template)}>
              {text.move}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onAction('delete', template)}>
              {text.delete}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Card>
  );
}
