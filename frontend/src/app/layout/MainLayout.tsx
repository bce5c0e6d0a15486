import { AppShell } from '@mantine/core';
import { Outlet, useLocation } from 'react-router-dom';
import { findRoute } from '../../config/routes';
import { UserAccessPanel } from '../../features/access/UserAccessPanel';
import { navbarWidth, SideMenu } from './SideMenu';

/** Grid pages get 90px of right padding (spec 2.4). */
export function MainLayout() {
  const { pathname } = useLocation();
  const grid = findRoute(pathname)?.grid ?? false;
  return (
    <AppShell navbar={{ width: navbarWidth, breakpoint: 0 }} padding="md">
      <AppShell.Navbar p="xs" style={{ overflowY: 'auto' }}>
        <SideMenu />
        <UserAccessPanel />
      </AppShell.Navbar>
      <AppShell.Main data-testid="main-content" data-grid={grid} style={grid ? { paddingRight: 90 } : undefined}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
