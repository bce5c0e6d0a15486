import { toast } from '../../../app/toast';
import { messages } from '../../../lib/messages';

export function toastError(error: unknown): void {
  toast('error', error instanceof Error && error.message ? error.message : messages.somethingWentWrong);
}
