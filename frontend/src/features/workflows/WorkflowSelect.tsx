import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { queryKeys, useApiQuery } from '../../api/query';
import { listDebounceMs } from '../../components/list/page-sizes';
import { searchWorkflows } from './api';

/** What the choice needs of a workflow: a list row or the one named by the page's ?id=. */
interface NamedWorkflow {
  id: number;
  name: string;
}
import { workflowMessages as text } from './messages';

interface WorkflowSelectProps {
  value: number | null;
  onChange: (workflowId: number | null) => void;
  /** The workflow chosen before the page opened (from ?id=), shown until the list names it. */
  initial?: NamedWorkflow | null;
}

/** A searchable choice of one workflow: the server searches by name, after typing stops. */
export function WorkflowSelect({ value, onChange, initial = null }: WorkflowSelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<NamedWorkflow | null>(null);
  const shown = chosen ?? (initial && initial.id === value ? initial : null);
  // The chosen workflow's name fills the search box: that is not a new search.
  const typed = shown && search === shown.name ? '' : search;
  const [query] = useDebouncedValue(typed, listDebounceMs);
  const workflows = useApiQuery(queryKeys.list('workflows', { search: query, pageSize: 20, sort: 'name' }), (signal) => searchWorkflows(query, signal));
  const options = workflows.data ?? [];
  const all: NamedWorkflow[] = [...(shown && !options.some((workflow) => workflow.id === shown.id) ? [shown] : []), ...options];

  return (
    <Select
      label={text.workflow}
      placeholder={text.workflowSearch}
      data={all.map((workflow) => ({ value: String(workflow.id), label: workflow.name }))}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const workflow = all.find((item) => String(item.id) === next) ?? null;
        setChosen(workflow);
        onChange(workflow ? workflow.id : null);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: every }) => every}
      nothingFoundMessage={workflows.loading ? undefined : text.noWorkflowMatches}
      error={workflows.error ?? undefined}
      clearable
      w={360}
      maw="100%"
      data-testid="test-workflow"
    />
  );
}
