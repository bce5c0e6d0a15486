import {
  IconArrowsSplit,
  IconBell,
  IconBolt,
  IconClock,
  IconFlag,
  IconGitBranch,
  IconMail,
  IconPencil,
  IconPlayerStop,
  IconTag,
  IconTagOff,
  IconUserMinus,
  IconUserPlus,
  IconWebhook,
} from '@tabler/icons-react';
import type { StepType } from './graph';

const icons = {
  sendEmail: IconMail,
  wait: IconClock,
  condition: IconGitBranch,
  split: IconArrowsSplit,
  updateField: IconPencil,
  addGroup: IconUserPlus,
  removeGroup: IconUserMinus,
  addTag: IconTag,
  removeTag: IconTagOff,
  notifyRep: IconBell,
  webhook: IconWebhook,
  goal: IconFlag,
  end: IconPlayerStop,
} satisfies Record<StepType, unknown>;

/** A step type's icon (decorative: its label is always beside it). */
export function StepIcon({ type, size = 16 }: { type: StepType | 'trigger'; size?: number }) {
  const Icon = type === 'trigger' ? IconBolt : icons[type];
  return <Icon size={size} stroke={1.75} aria-hidden />;
}
