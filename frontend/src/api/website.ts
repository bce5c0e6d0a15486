import { api, call } from './client';
import type { BodyOf } from './types';

export function updateCurrentWebsite(websiteID: BodyOf<'/api/UpdateCurrentWebsiteID', 'post'>['websiteID']) {
  return call(api.POST('/api/UpdateCurrentWebsiteID', { body: { websiteID } }));
}
