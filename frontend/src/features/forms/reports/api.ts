import { api, call } from '../../../api/client';
import type { QueryOf, ResponseOf } from '../../../api/types';

// The form reports API (marketing/forms/api_reports.py), typed by the generated schema.
export type Conversions = ResponseOf<'/api/mm/forms/{form_id}/conversions', 'get'>;
export type ConversionQuery = QueryOf<'/api/mm/forms/{form_id}/conversions', 'get'>;
export type ConversionPage = Conversions['pages'][number];
export type SurveyReport = ResponseOf<'/api/mm/forms/{form_id}/surveyReport', 'get'>;
export type SurveyQuestion = SurveyReport['questions'][number];
export type AnswerPage = ResponseOf<'/api/mm/forms/{form_id}/surveyReport/answers', 'get'>;
export type AnswerQuery = QueryOf<'/api/mm/forms/{form_id}/surveyReport/answers', 'get'>;

const byId = (id: number) => ({ path: { form_id: id } });

export function getConversions(formId: number, query: ConversionQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/forms/{form_id}/conversions', { params: { ...byId(formId), query }, signal }));
}

export function getSurveyReport(formId: number, signal?: AbortSignal) {
  return call(api.GET('/api/mm/forms/{form_id}/surveyReport', { params: byId(formId), signal }));
}

export function getSurveyAnswers(formId: number, query: AnswerQuery, signal?: AbortSignal) {
  return call(api.GET('/api/mm/forms/{form_id}/surveyReport/answers', { params: { ...byId(formId), query }, signal }));
}

export function setReportShared(formId: number, shared: boolean) {
  return call(api.POST('/api/mm/forms/{form_id}/surveyReport/share', { params: byId(formId), body: { shared } }));
}

export function exportSubmissions(formId: number) {
  return call(api.POST('/api/mm/forms/{form_id}/submissions/export', { params: byId(formId) }));
}

export type CrmRep = ResponseOf<'/api/getRepsList', 'get'>['repsList'][number];

/** The active reps a copy to CRM may choose from. */
export async function listReps(signal?: AbortSignal) {
  return (await call(api.GET('/api/getRepsList', { signal }))).repsList;
}

export function copyToCrm(formId: number, repId: number | null) {
  return call(api.POST('/api/mm/forms/{form_id}/submissions/copyToCrm', { params: byId(formId), body: { repId } }));
}
