import { Select } from '@mantine/core';
import { getTemplateFolders, type TemplateType } from '../../api/templates';
import { queryKeys, useApiQuery } from '../../api/query';
import { templateMessages as text } from './messages';
import { folderFromValue, folderOptions, folderValue } from './template-types';

interface FolderSelectProps {
  type: TemplateType;
  value: number | null;
  onChange: (folderId: number | null) => void;
}

/** The folder of a template of `type`: one of that type's folders by its path, or none. */
export function FolderSelect({ type, value, onChange }: FolderSelectProps) {
  const folders = useApiQuery(queryKeys.list('templateFolders', { type }), (signal) => getTemplateFolders(type, signal));
  const options = folderOptions(folders.data?.folders ?? [], text.noFolder);
  return (
    <Select
      label={text.folder}
      data={options}
      value={folderValue(value)}
      allowDeselect={false}
      onChange={(next) => onChange(folderFromValue(next))}
      error={folders.error}
      w={260}
      data-testid="template-folder"
    />
  );
}
