import { Handle, Position, type NodeProps } from '@xyflow/react';
import { workflowMessages as text } from '../messages';
import type { WorkflowNode } from './flow';
import { stepHandles } from './graph';
import { NodeCard } from './NodeCard';

const handleLabel: Record<string, string> = { yes: text.yes, no: text.no };

/** A step on the canvas: entered from the top, left by its exits at the bottom (yes/no, split branches). */
export function StepNode({ data, selected }: NodeProps<WorkflowNode>) {
  const step = data.step;
  const handles = step ? stepHandles(step) : [];
  return (
    <>
      <Handle type="target" position={Position.Top} />
      <NodeCard data={data} selected={selected}>
        {handles.length > 1 ? (
          <div style={{ display: 'flex', justifyContent: 'space-around', fontSize: 11, fontWeight: 600 }} aria-hidden>
            {handles.map((handle, index) => (
              <span key={handle}>{handleLabel[handle] ?? String.fromCharCode(65 + index)}</span>
            ))}
          </div>
        ) : null}
      </NodeCard>
      {handles.map((handle, index) => (
        <Handle
          key={handle}
          id={handle}
          type="source"
          position={Position.Bottom}
          style={{ left: `${((index + 1) / (handles.length + 1)) * 100}%` }}
          data-testid={`handle-${step?.id}-${handle}`}
        />
      ))}
    </>
  );
}
