import { apiRequest } from './client';
import type { BodyOf, ResponseOf } from './types';

type WebsiteBody = BodyOf<'/api/UpdateCurrentWebsiteID', 'post'>;
type WebsiteAnswer = ResponseOf<'/api/UpdateCurrentWebsiteID', 'post'>;

export function updateCurrentWebsite(websiteID: WebsiteBody['websiteID']): Promise<WebsiteAnswer> {
  return apiRequest<WebsiteAnswer>('/api/UpdateCurrentWebsiteID', { method: 'POST', body: { websiteID } });
}
