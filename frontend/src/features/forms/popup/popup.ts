import type { Definition, Form } from '../api';
import { popupMessages as text } from './messages';

export type Trigger = 'delay' | 'scroll' | 'exit';

/** The client a form belongs to, as its pages-host path names it ("/<client>/pf/<key>"): the route's :clientId. */
export function popupClient(form: Pick<Form, 'publicPath'>): string {
  return form.publicPath.split('/')[1] ?? '';
}

/** The pop-up's triggers in words, one line each. */
export function popupTriggers(popup: Definition['popup']): string[] {
  const lines: string[] = [];
  if (popup.delaySeconds != null) lines.push(text.afterDelay(popup.delaySeconds));
  if (popup.scrollPercent != null) lines.push(text.afterScroll(popup.scrollPercent));
  if (popup.exitIntent) lines.push(text.onExit);
  return lines;
}
