import { Button, Checkbox, Group, MultiSelect, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { toastError } from '../../../lib/toast-error';
import { messages } from '../../../lib/messages';
import { toSelectData } from '../shared/useAudienceOptions';
import type { ImportUpload } from './api';
import type { Named } from '../shared/options-api';
import type { ProfileField } from '../fields/api';
import { startImport } from './api';
import { createGroup } from '../groups/api';
import { CreatableMultiSelect } from '../../../components/CreatableMultiSelect';
import { checkboxKeys, initialMapping, mappedColumns, mappingErrors, needsSeparator } from './mapping';

interface MappingStepProps {
  upload: ImportUpload;
  profileFields: ProfileField[];
  groups: Named[];
  tags: Named[];
  onBack: () => void;
  onStarted: (jobId: number) => void;
}

export function MappingStep({ upload, profileFields, groups, tags, onBack, onStarted }: MappingStepProps) {
  const [mapping, setMapping] = useState(() => initialMapping(upload));
  const [separator, setSeparator] = useState('');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [emptyCellsClear, setEmptyCellsClear] = useState(false);
  const [busy, setBusy] = useState(false);
  // Groups made here, while choosing where the imported profiles go.
  const [created, setCreated] = useState<Named[]>([]);
  const checkboxes = checkboxKeys(profileFields);
  const fieldData = [{ value: '', label: messages.doNotImport }, ...upload.fields.map((field) => ({ value: field.key, label: field.label }))];
  const subscribers = upload.kind === 'subscribers';

  const createGroupNamed = async (name: string) => {
    try {
      const group = await createGroup({ name });
      setCreated((made) => [...made, { id: group.id, name: group.name }]);
      toast('success', messages.groupCreated(group.name));
      return { value: String(group.id), label: group.name };
    } catch (error) {
      toastError(error);
      throw error;
    }
  };

  const start = async () => {
    const errors = mappingErrors(mapping, upload.fields, checkboxes, separator);
    if (errors.length) {
      errors.forEach((error) => toast('error', error));
      return;
    }
    setBusy(true);
    try {
      const { jobId } = await startImport(upload.id, {
        mapping: mappedColumns(mapping),
        checkboxSeparator: needsSeparator(mapping, checkboxes) ? separator.trim() : null,
        groupIds: groupIds.map(Number),
        tagIds: tagIds.map(Number),
        emptyCellsClear,
      });
      onStarted(jobId);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Text fw={600}>{upload.fileName}</Text>
      <Table.ScrollContainer minWidth={560}>
        <Table data-testid="mapping-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{messages.importColumn}</Table.Th>
              <Table.Th>{messages.importSample}</Table.Th>
              <Table.Th>{messages.importMapTo}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {upload.headers.map((header, index) => (
              <Table.Tr key={index}>
                <Table.Td>{header}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {upload.sample
                      .slice(0, 3)
                      .map((row) => row[index] ?? '')
                      .filter(Boolean)
                      .join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`${messages.importMapTo} ${header}`}
                    data={fieldData}
                    value={mapping[String(index)] ?? ''}
                    onChange={(value) => setMapping((current) => ({ ...current, [String(index)]: value ?? '' }))}
                    allowDeselect={false}
                    data-testid={`map-${index}`}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {needsSeparator(mapping, checkboxes) && (
        <TextInput label={messages.checkboxSeparator} withAsterisk maxLength={5} value={separator} onChange={(event) => setSeparator(event.currentTarget.value)} w={200} data-testid="checkbox-separator" />
      )}
      {subscribers && (
        <Group grow align="flex-start">
          <CreatableMultiSelect
            label={messages.groupsToAdd}
            data={toSelectData([...groups, ...created])}
            value={groupIds}
            onChange={setGroupIds}
            onCreate={createGroupNamed}
            createLabel={messages.createGroupNamed}
            nothingFound={messages.noGroupsYet}
            testId="import-groups"
          />
          <MultiSelect label={messages.tagsToAdd} data={toSelectData(tags)} value={tagIds} onChange={setTagIds} searchable data-testid="import-tags" />
        </Group>
      )}
      {subscribers && (
        <Checkbox
          label={messages.emptyCellsClear}
          description={messages.emptyCellsClearHint}
          checked={emptyCellsClear}
          onChange={(event) => setEmptyCellsClear(event.currentTarget.checked)}
          data-testid="empty-cells-clear"
        />
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {messages.back}
        </Button>
        <Button onClick={() => void start()} loading={busy} data-testid="start-import">
          {messages.startImport}
        </Button>
      </Group>
    </Stack>
  );
}
