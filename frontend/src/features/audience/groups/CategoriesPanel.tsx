import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useInvalidate } from '../../../api/query';
import { toast } from '../../../lib/toast';
import { toastError } from '../../../lib/toast-error';
import { messages } from '../../../lib/messages';
import { NameModal } from '../shared/NameModal';
import type { GroupCategory } from './api';
import { createCategory, updateCategory } from './api';

interface CategoriesPanelProps {
  categories: GroupCategory[];
}

export function CategoriesPanel({ categories }: CategoriesPanelProps) {
  const [editing, setEditing] = useState<GroupCategory | 'new' | null>(null);
  const invalidate = useInvalidate();
  // A category's name and state show in the groups list too.
  const onChanged = () => void invalidate('groupCategories', 'groups');

  const save = async (name: string) => {
    if (editing === 'new') await createCategory({ name, isActive: true });
    else if (editing) await updateCategory(editing.id, { name });
    toast('success', messages.categorySaved);
    onChanged();
  };

  const toggle = async (category: GroupCategory) => {
    try {
      await updateCategory(category.id, { isActive: !category.isActive });
      toast('success', messages.categorySaved);
      onChanged();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Paper withBorder p="md" data-testid="categories-panel">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{messages.categories}</Title>
        <Button size="xs" onClick={() => setEditing('new')} data-testid="create-category">
          {messages.createCategory}
        </Button>
      </Group>
      <Stack gap="xs">
        {categories.map((category) => (
          <Group key={category.id} justify="space-between" wrap="nowrap" data-testid={`category-${category.name}`}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{category.name}</Text>
              <Badge size="xs" variant="light">
                {category.groupCount}
              </Badge>
              {!category.isActive && (
                <Badge size="xs" color="gray">
                  {messages.inactive}
                </Badge>
              )}
            </Group>
            <Group gap={4} wrap="nowrap">
              <Tooltip label={messages.rename}>
                <ActionIcon variant="subtle" aria-label={`${messages.rename} ${category.name}`} onClick={() => setEditing(category)}>
                  <IconPencil size={18} stroke={1.75} />
                </ActionIcon>
              </Tooltip>
              <Button size="compact-xs" variant="subtle" onClick={() => void toggle(category)}>
                {category.isActive ? messages.deactivate : messages.activate}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <NameModal
        opened={editing !== null}
        title={editing === 'new' ? messages.createCategory : messages.rename}
        label={messages.categoryName}
        initialName={editing && editing !== 'new' ? editing.name : ''}
        onSave={save}
        onClose={() => setEditing(null)}
      />
    </Paper>
  );
}
