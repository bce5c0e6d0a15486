import { Paper, Stack, TextInput, Title } from '@mantine/core';
import { SearchMultiSelect } from '../../components/pickers/SearchSelect';
import type { Definition } from './api';
import { errorAt, errorUnder, type Errors } from './definition';
import { formMessages as text } from './messages';

type Kind = 'groups' | 'tags';

interface ChoicesEditorProps {
  kind: Kind;
  definition: Definition;
  errors: Errors;
  edit: (next: (definition: Definition) => Definition) => void;
}

const ids = (values: string[]) => values.map(Number);
const values = (numbers: number[]) => numbers.map(String);

/**
 * Groups (or tags) of the form, picked from the server's list as you type: those every
 * submitter joins, and those offered as checkboxes under a heading.
 */
export function ChoicesEditor({ kind, definition, errors, edit }: ChoicesEditorProps) {
  const choices = definition[kind];
  const at = `definition.${kind}`;
  const set = (changes: Partial<Definition[Kind]>) => edit((d) => ({ ...d, [kind]: { ...d[kind], ...changes } }));
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {kind === 'groups' ? text.groups : text.tags}
        </Title>
        <SearchMultiSelect
          source={kind}
          label={kind === 'groups' ? text.fixedGroups : text.fixedTags}
          known={[]}
          value={values(choices.fixed)}
          onChange={(value) => set({ fixed: ids(value) })}
          error={errorAt(errors, `${at}.fixed`) ?? errorAt(errors, at)}
          testId={`${kind}-fixed`}
        />
        <SearchMultiSelect
          source={kind}
          label={kind === 'groups' ? text.choiceGroups : text.choiceTags}
          known={[]}
          value={values(choices.choices)}
          onChange={(value) => set({ choices: ids(value) })}
          error={errorUnder(errors, `${at}.choices`)}
          testId={`${kind}-choices`}
        />
        {choices.choices.length > 0 && <TextInput label={text.choicesLabel} value={choices.label} onChange={(event) => set({ label: event.currentTarget.value })} error={errorAt(errors, `${at}.label`)} />}
      </Stack>
    </Paper>
  );
}
