import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '../../lib/messages';
import { templateMessages as text } from './messages';
import { inlineNameMax } from './template-types';

/** A folder's name edited in its row: Enter saves, Escape cancels. */
export function FolderRename({ folder, onSave, onCancel }: { folder: { name: string }; onSave: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState(folder.name);
  return (
    <Group gap={2} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        aria-label={text.renameFolder(folder.name)}
        value={name}
        maxLength={inlineNameMax}
        autoFocus
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSave(name);
          if (event.key === 'Escape') onCancel();
        }}
        data-testid="folder-rename-input"
      />
      <ActionIcon variant="subtle" size="sm" aria-label={messages.save} onClick={() => onSave(name)} data-testid="folder-rename-save">
        <IconCheck size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={messages.cancel} onClick={onCancel}>
        <IconX size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
