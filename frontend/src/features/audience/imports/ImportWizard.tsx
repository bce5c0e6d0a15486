import { Paper, Stepper } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../../lib/messages';
import { useAudienceOptions } from '../shared/useAudienceOptions';
import type { ImportKind, ImportUpload } from './api';
import { MappingStep } from './MappingStep';
import { ProgressStep } from './ProgressStep';
import { UploadStep } from './UploadStep';

type Step = { step: 0 } | { step: 1; upload: ImportUpload } | { step: 2; upload: ImportUpload; jobId: number; completed: boolean };

/** Upload, map, then follow the import: the same wizard for subscribers and unsubscribers. */
export function ImportWizard({ kind, onFinished }: { kind: ImportKind; onFinished?: () => void }) {
  const [state, setState] = useState<Step>({ step: 0 });
  const options = useAudienceOptions(['groups', 'tags', 'fields']);
  return (
    <Paper withBorder p="md" data-testid="import-wizard">
      {/* A completed import ticks the third step too: the stepper is past its last step. */}
      <Stepper active={state.step === 2 && state.completed ? 3 : state.step} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={messages.importStepUpload}>
          <UploadStep kind={kind} onUploaded={(upload) => setState({ step: 1, upload })} />
        </Stepper.Step>
        <Stepper.Step label={messages.importStepMapping}>
          {state.step === 1 && (
            <MappingStep
              upload={state.upload}
              profileFields={options.fields}
              groups={options.groups}
              tags={options.tags}
              onBack={() => setState({ step: 0 })}
              onStarted={(jobId) => setState({ step: 2, upload: state.upload, jobId, completed: false })}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label={messages.importStepProgress} />
      </Stepper>
      {/* Outside the steps, so that ticking the last one keeps the same progress on screen. */}
      {state.step === 2 && (
        <ProgressStep
          importId={state.upload.id}
          jobId={state.jobId}
          onFinished={(status) => {
            if (status === 'Completed') setState({ ...state, completed: true });
            onFinished?.();
          }}
          onRestart={() => setState({ step: 0 })}
        />
      )}
    </Paper>
  );
}
