import { messages } from './messages';
import { toast } from './toast';

/** An error toast with the error's own message, or the generic one when it has none. */
export function toastError(error: unknown): void {
  toast('error', error instanceof Error && error.message ? error.message : messages.somethingWentWrong);
}
