import CampaignListPage from '../../features/campaigns/CampaignListPage';
import { HomePanel } from './HomePanel';

/** The first screen (/campaignListView, where sign-in lands): the campaign list, with an
 * admin's getting-started list or home dashboard under its header. */
export default function CampaignsHome() {
  return <CampaignListPage intro={<HomePanel />} />;
}
