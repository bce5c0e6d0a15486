import { NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconFolder, IconFolderOpen, IconPhoto } from '@tabler/icons-react';
import type { FileFolderNode } from '../../api/files';
import { fileMessages as text } from './messages';

interface FolderNavProps {
  folders: FileFolderNode[] | null;
  current: number | null;
  /** The folders from the root to the current one: those stay open. */
  openIds: number[];
  onSelect: (id: number | null) => void;
}

function FolderLink({ folder, current, openIds, onSelect }: { folder: FileFolderNode } & Omit<FolderNavProps, 'folders'>) {
  const active = folder.id === current;
  const open = openIds.includes(folder.id);
  return (
    <NavLink
      label={folder.name}
      description={folder.fileCount ? text.imageCount(folder.fileCount) : undefined}
      leftSection={open ? <IconFolderOpen size={16} aria-hidden /> : <IconFolder size={16} aria-hidden />}
      active={active}
      opened={open}
      onClick={() => onSelect(folder.id)}
      aria-current={active ? 'page' : undefined}
      data-testid={`folder-${folder.id}`}
      childrenOffset={16}
    >
      {folder.subfolders.length
        ? folder.subfolders.map((child) => <FolderLink key={child.id} folder={child} current={current} openIds={openIds} onSelect={onSelect} />)
        : undefined}
    </NavLink>
  );
}

/** The folder tree: the root ("Files") and every folder, the current one highlighted. */
export function FolderNav({ folders, current, openIds, onSelect }: FolderNavProps) {
  return (
    <Stack gap={0} component="nav" aria-label={text.folders} data-testid="folder-nav">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
        {text.folders}
      </Text>
      <NavLink
        label={text.root}
        leftSection={<IconPhoto size={16} aria-hidden />}
        active={current === null}
        onClick={() => onSelect(null)}
        aria-current={current === null ? 'page' : undefined}
        data-testid="folder-root"
      />
      {folders === null ? (
        <Stack gap={6} px="sm" pt={6}>
          <Skeleton height={20} />
          <Skeleton height={20} />
        </Stack>
      ) : (
        folders.map((folder) => <FolderLink key={folder.id} folder={folder} current={current} openIds={openIds} onSelect={onSelect} />)
      )}
    </Stack>
  );
}
