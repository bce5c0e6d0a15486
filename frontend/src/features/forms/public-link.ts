import type { FormRow } from './api';

/** Where visitors open a published form: a survey at its URL path (/s/<path>), any other at /pf/<key>. */
export function publicLink(form: Pick<FormRow, 'formType' | 'surveyPath' | 'publicPath'>): string {
  return form.formType === 'surveyForm' && form.surveyPath ? `/s/${form.surveyPath}` : form.publicPath;
}
