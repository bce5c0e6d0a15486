import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { render } from '../../../test-utils/render';
import { addStep, emptyDefinition, updateStep, type Definition } from './graph';
import { SplitFields } from './SplitFields';

const at = { x: 0, y: 0 };

/** A split in three, each branch on its own end step: s1 -b0-> s2, -b1-> s3, -b2-> s4. */
function threeWay(): Definition {
  let definition = addStep(emptyDefinition(), 'split', at).definition;
  definition = updateStep(definition, 's1', { branches: [{ percent: 20 }, { percent: 30 }, { percent: 50 }] });
  for (const handle of ['b0', 'b1', 'b2']) definition = addStep(definition, 'end', at, { source: 's1', handle }).definition;
  return definition;
}

/** The side panel's path: a draft of the step's fields, applied with updateStep. */
function Harness({ onApply }: { onApply: (definition: Definition) => void }) {
  const [definition] = useState(threeWay);
  const [draft, setDraft] = useState<Record<string, unknown>>(definition.steps[0] as unknown as Record<string, unknown>);
  return (
    <>
      <SplitFields values={draft} set={(key, value) => setDraft({ ...draft, [key]: value })} setAll={(fields) => setDraft({ ...draft, ...fields })} errors={{}} />
      <button type="button" onClick={() => onApply(updateStep(definition, 's1', draft))}>
        Apply
      </button>
    </>
  );
}

test('removing branch B in the panel keeps branch C on its own target, and a new branch starts empty', async () => {
  const onApply = vi.fn();
  render(<Harness onApply={onApply} />);
  await userEvent.click(screen.getByRole('button', { name: 'Remove branch B' }));
  const c = screen.getByLabelText('Branch B (%)');
  await userEvent.clear(c);
  await userEvent.type(c, '60');
  await userEvent.click(screen.getByRole('button', { name: 'Add branch' }));
  await userEvent.type(screen.getByLabelText('Branch C (%)'), '20');
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

  const applied: Definition = onApply.mock.calls[0][0];
  expect(applied.steps[0].branches).toEqual([
    { percent: 20, next: 's2' },
    { percent: 60, next: 's4' },
    { percent: 20, next: null },
  ]);
});
