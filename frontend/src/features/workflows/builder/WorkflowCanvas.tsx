import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type Connection,
  type Edge,
  type IsValidConnection,
  type NodeChange,
  type OnBeforeDelete,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useMemo, type DragEvent } from 'react';
import { workflowMessages as text } from '../messages';
import { parseEdgeId, toFlow, type StepCounts, type WorkflowNode } from './flow';
import { canConnect, STEP_TYPES, type StepType } from './graph';
import { PALETTE_MIME } from './StepPalette';
import { StepNode } from './StepNode';
import { TriggerNode } from './TriggerNode';
import type { WorkflowEditor } from './useWorkflowEditor';

const nodeTypes = { step: StepNode, trigger: TriggerNode };

const ariaLabels = {
  'controls.ariaLabel': 'Canvas controls',
  'controls.zoomIn.ariaLabel': 'Zoom in',
  'controls.zoomOut.ariaLabel': 'Zoom out',
  'controls.fitView.ariaLabel': 'Fit view',
  'controls.interactive.ariaLabel': 'Lock or unlock the canvas',
  'minimap.ariaLabel': 'Mini map of the workflow',
  'handle.ariaLabel': 'Exit: drag to a step to join them',
};

interface WorkflowCanvasProps {
  editor: WorkflowEditor;
  problems: Record<string, Record<string, string>>;
  counts: Record<string, StepCounts>;
  names: Record<string, string>;
  /** A step's deletion was asked for (the Delete key); the page confirms when it takes branches. */
  onDelete: (id: string) => void;
}

/** The canvas (React Flow): the definition's nodes and edges, drag, connect, delete, zoom, fit, mini-map. */
export function WorkflowCanvas({ editor, problems, counts, names, onDelete }: WorkflowCanvasProps) {
  const { screenToFlowPosition } = useReactFlow();
  const { definition, selected, unsaved } = editor;
  const { nodes, edges } = useMemo(
    () => toFlow({ definition, selected, problems, unsaved, counts, names }),
    [definition, selected, problems, unsaved, counts, names],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<WorkflowNode>[]) => {
      for (const change of changes) {
        if (change.type === 'position' && change.position) editor.drag(change.id, change.position);
        if (change.type === 'select' && change.selected) editor.select(change.id);
      }
    },
    [editor],
  );

  // Deletions go through the graph logic (a condition takes its branches, after confirming).
  const onBeforeDelete: OnBeforeDelete<WorkflowNode, Edge> = useCallback(
    async ({ nodes: gone, edges: cut }) => {
      if (gone.length) {
        gone.filter((node) => node.type === 'step').forEach((node) => onDelete(node.id));
      } else {
        cut.forEach((edge) => {
          const { source, handle } = parseEdgeId(edge.id);
          editor.unjoin(source, handle);
        });
      }
      return false;
    },
    [editor, onDelete],
  );

  const onConnect = useCallback(
    (connection: Connection) => editor.join(connection.source, connection.sourceHandle ?? 'next', connection.target),
    [editor],
  );
  const isValidConnection: IsValidConnection = useCallback(
    (connection) => canConnect(definition, connection.source, connection.target),
    [definition],
  );

  const onDrop = useCallback(
    (event: DragEvent) => {
      const type = event.dataTransfer.getData(PALETTE_MIME) as StepType;
      if (!(STEP_TYPES as readonly string[]).includes(type)) return;
      event.preventDefault();
      editor.add(type, screenToFlowPosition({ x: event.clientX, y: event.clientY }));
    },
    [editor, screenToFlowPosition],
  );

  return (
    <ReactFlow<WorkflowNode, Edge>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onNodeDragStart={editor.dragStart}
      onBeforeDelete={onBeforeDelete}
      onConnect={onConnect}
      isValidConnection={isValidConnection}
      onPaneClick={() => editor.select(null)}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      }}
      onDrop={onDrop}
      ariaLabelConfig={ariaLabels}
      deleteKeyCode={['Delete', 'Backspace']}
      fitView
      fitViewOptions={{ maxZoom: 1 }}
      minZoom={0.2}
      defaultEdgeOptions={{ type: 'smoothstep' }}
      aria-label={text.canvas}
      data-testid="workflow-canvas"
    >
      <Background gap={20} />
      <Controls showInteractive={false} />
      <MiniMap pannable zoomable ariaLabel={ariaLabels['minimap.ariaLabel']} />
    </ReactFlow>
  );
}
