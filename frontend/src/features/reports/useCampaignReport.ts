import { useSearchParams } from 'react-router-dom';
import { queryKeys, useApiQuery } from '../../api/query';
import { getCampaignReport } from './api';

/** The campaign the query names (`campaignId`, spec 2.5's parameter; `id` also read), and its report. */
export function useCampaignReport() {
  const [params] = useSearchParams();
  const raw = params.get('campaignId') ?? params.get('id') ?? '';
  const campaignId = /^\d+$/.test(raw) ? Number(raw) : null;
  const report = useApiQuery(queryKeys.detail('campaignReports', campaignId), (signal) => (campaignId === null ? Promise.resolve(null) : getCampaignReport(campaignId, signal)), { keepPrevious: false });
  return { campaignId, report };
}
