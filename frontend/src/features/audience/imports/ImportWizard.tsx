import { Paper, Stepper } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../../lib/messages';
import { useAudienceOptions } from '../shared/useAudienceOptions';
import type { ImportKind, ImportUpload } from './api';
import { MappingStep } from './MappingStep';
import { ProgressStep } from './ProgressStep';
import { UploadStep } from './UploadStep';

type Step = { step: 0 } | { step: 1; upload: ImportUpload } | { step: 2; upload: ImportUpload; jobId: number };

/** Upload, map, then follow the import: the same wizard for subscribers and unsubscribers. */
export function ImportWizard({ kind, onFinished }: { kind: ImportKind; onFinished?: () => void }) {
  const [state, setState] = useState<Step>({ step: 0 });
  const options = useAudienceOptions(['groups', 'tags', 'fields']);
  return (
    <Paper withBorder p="md" data-testid="import-wizard">
      <Stepper active={state.step} allowNextStepsSelect={false} size="sm">
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
              onStarted={(jobId) => setState({ step: 2, upload: state.upload, jobId })}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label={messages.importStepProgress}>
          {state.step === 2 && (
            <ProgressStep importId={state.upload.id} jobId={state.jobId} onFinished={() => onFinished?.()} onRestart={() => setState({ step: 0 })} />
          )}
        </Stepper.Step>
      </Stepper>
    </Paper>
  );
}
