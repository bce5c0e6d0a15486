import { Handle, Position, type NodeProps } from '@xyflow/react';
import type { WorkflowNode } from './flow';
import { NodeCard } from './NodeCard';

/** The workflow's one trigger: nothing enters it, and its exit leads to the first step. */
export function TriggerNode({ data, selected }: NodeProps<WorkflowNode>) {
  return (
    <>
      <NodeCard data={data} selected={selected} />
      <Handle id="next" type="source" position={Position.Bottom} data-testid="handle-trigger-next" />
    </>
  );
}
