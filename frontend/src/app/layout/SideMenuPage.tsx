import { SideMenu } from './SideMenu';

/** The /sidemenu route shows the side menu on its own, for a parent page to embed. */
export default function SideMenuPage() {
  return <SideMenu />;
}
