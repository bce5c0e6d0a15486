import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useInvalidate } from '../../api/query';
import { paths } from '../../config/paths';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/toast-error';
import { createForm, publishForm, saveForm, unpublishForm, type Definition, type Form, type FormType } from './api';
import { checkForm, newDefinition, type Errors } from './definition';
import { formMessages as text } from './messages';

/** What the builder edits besides the definition (the form's own columns). */
export interface FormDraft {
  name: string;
  surveyPath: string;
  themeId: number | null;
  disclaimerId: number | null;
  doubleOptIn: boolean;
  definition: Definition;
}

function draftOf(form: Form | null): FormDraft {
  if (!form) return { name: '', surveyPath: '', themeId: null, disclaimerId: null, doubleOptIn: true, definition: newDefinition() };
  return {
    name: form.name,
    surveyPath: form.surveyPath ?? '',
    themeId: form.themeId,
    disclaimerId: form.disclaimerId,
    doubleOptIn: form.doubleOptIn,
    definition: { ...newDefinition(), ...(form.definition as Partial<Definition>) },
  };
}

/**
 * The builder's state: the draft, its errors (the builder's own checks and the server's
 * answer, keyed alike), whether it differs from what was saved, and save / publish /
 * unpublish. A new form is created on its first save and the address becomes its ?id=.
 */
export function useFormBuilder(form: Form | null, formType: FormType, onCreated: (id: number) => void) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [saved, setSaved] = useState<Form | null>(form);
  const [draft, setDraft] = useState<FormDraft>(() => draftOf(form));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const baseline = useRef(JSON.stringify(draftOf(form)));
  const current = useRef(draft);
  current.current = draft;

  const isDirty = useCallback(() => JSON.stringify(current.current) !== baseline.current, []);
  // A changed setting drops the message it answered (the definition's wait for the next save:
  // its keys name places that an edit may have moved).
  const change = useCallback((changes: Partial<FormDraft>) => {
    setDraft((previous) => ({ ...previous, ...changes }));
    setErrors((previous) => Object.fromEntries(Object.entries(previous).filter(([key]) => !Object.hasOwn(changes, key))));
  }, []);
  const edit = useCallback((next: (definition: Definition) => Definition) => setDraft((previous) => ({ ...previous, definition: next(previous.definition) })), []);

  const refuse = (found: Errors) => {
    setErrors(found);
    setAttempt((n) => n + 1);
    toast('error', Object.values(found)[0]?.[0] ?? text.fixErrors);
  };

  const write = async (): Promise<Form | null> => {
    const body = {
      name: draft.name.trim(),
      formType,
      definition: draft.definition,
      surveyPath: formType === 'surveyForm' && draft.surveyPath.trim() ? draft.surveyPath.trim() : null,
      themeId: draft.themeId,
      disclaimerId: draft.disclaimerId,
      doubleOptIn: draft.doubleOptIn,
    };
    const answer = saved ? await saveForm(saved.id, body) : await createForm(body);
    baseline.current = JSON.stringify(draft);
    setSaved(answer);
    if (!saved) {
      onCreated(answer.id);
      navigate(paths.formBuilder.href(formType, answer.id), { replace: true });
    }
    return answer;
  };

  const run = async (publishing: boolean, act: (written: Form) => Promise<Form>, done: string) => {
    const found = checkForm(draft.definition, { name: draft.name, formType, surveyPath: draft.surveyPath }, publishing);
    if (Object.keys(found).length) return refuse(found);
    setBusy(true);
    setErrors({});
    try {
      const written = isDirty() || !saved ? await write() : saved;
      if (written) setSaved(await act(written));
      toast('success', done);
      void invalidate('forms');
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.errors).length) refuse(caught.errors);
      else toastError(caught);
    } finally {
      setBusy(false);
    }
  };

  return {
    saved,
    draft,
    change,
    edit,
    errors,
    attempt,
    busy,
    isDirty,
    save: () => run(false, async (written) => written, text.saved),
    publish: () => run(true, (written) => publishForm(written.id), text.published),
    unpublish: () => run(false, (written) => unpublishForm(written.id), text.unpublished),
  };
}
