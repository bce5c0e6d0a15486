import { Badge, Box, Group, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconFolder, IconFolderOpen } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A folder as the tree shows it: what it holds itself (`count`) and its subfolders. */
export interface FolderTreeNode {
  id: number;
  name: string;
  count: number;
  subfolders: FolderTreeNode[];
}

interface FolderTreeProps {
  /** The heading above the tree and the name of its navigation landmark. */
  label: string;
  /** Beside the heading (e.g. a "New folder" button). */
  headerAction?: ReactNode;
  folders: FolderTreeNode[] | null;
  /** The folder shown, or null for the root entry. */
  selected: number | null;
  onSelect: (id: number | null) => void;
  /** The entry above every folder (all templates, the root of the files). */
  root: { label: string; icon: ReactNode; testId: string };
  /** What a folder's count means, read to assistive technology ("3 images"). */
  countLabel: (count: number) => string;
  /** Folders whose subfolders show; every folder's when absent. */
  openIds?: number[];
  /** A folder's own actions (a menu), beside its name. */
  actions?: (folder: FolderTreeNode) => ReactNode;
  /** A folder row drawn in its place (an inline rename). */
  replaceRow?: (folder: FolderTreeNode) => ReactNode | null;
  testId: string;
}

/** Nested folders (templates, files): choose one, the chosen one highlighted; each app adds its actions. */
export function FolderTree({ label, headerAction, folders, selected, onSelect, root, countLabel, openIds, actions, replaceRow, testId }: FolderTreeProps) {
  const headingId = `${testId}-heading`;
  const row = (folder: FolderTreeNode, depth: number) => {
    const active = selected === folder.id;
    const open = openIds ? openIds.includes(folder.id) : true;
    const replaced = replaceRow?.(folder);
    return (
      <Box key={folder.id}>
        <Group gap={2} wrap="nowrap" pl={depth * 14}>
          {replaced ?? (
            <Entry
              active={active}
              icon={open && folder.subfolders.length ? <IconFolderOpen size={16} aria-hidden /> : <IconFolder size={16} aria-hidden />}
              onClick={() => onSelect(folder.id)}
              testId={`folder-${folder.id}`}
            >
              <Text size="sm" truncate="end" fw={active ? 600 : 400} style={{ flex: 1 }}>
                {folder.name}
              </Text>
              <Badge size="xs" variant="light" color="gray" aria-hidden>
                {folder.count}
              </Badge>
              <VisuallyHidden>{countLabel(folder.count)}</VisuallyHidden>
            </Entry>
          )}
          {!replaced && actions?.(folder)}
        </Group>
        {open && folder.subfolders.map((child) => row(child, depth + 1))}
      </Box>
    );
  };

  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm" id={headingId}>
          {label}
        </Text>
        {headerAction}
      </Group>
      <nav aria-labelledby={headingId}>
        <Entry active={selected === null} icon={root.icon} onClick={() => onSelect(null)} testId={root.testId}>
          <Text size="sm" fw={selected === null ? 600 : 400}>
            {root.label}
          </Text>
        </Entry>
        {folders === null ? <Skeleton height={60} mt="xs" /> : folders.map((folder) => row(folder, 0))}
      </nav>
    </Stack>
  );
}

function Entry({ active, icon, onClick, testId, children }: { active: boolean; icon: ReactNode; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <UnstyledButton
      onClick={onClick}
      aria-current={active ? 'true' : undefined}
      style={{ flex: 1, minWidth: 0, borderRadius: 4, display: 'block', width: '100%' }}
      bg={active ? 'var(--mantine-primary-color-light)' : undefined}
      px={6}
      py={4}
      data-testid={testId}
    >
      <Group gap={6} wrap="nowrap">
        {icon}
        {children}
      </Group>
    </UnstyledButton>
  );
}
