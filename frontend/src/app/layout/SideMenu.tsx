import { Paper, Portal } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { FeatureGate } from '../../components/FeatureGate';
import { mainMenu, moreLabel, moreMenu, type MenuItem } from '../../config/menu';
import { useSession } from '../../lib/session';
import { EmailStatsModal } from '../email-stats/EmailStatsModal';
import { repNotificationsRedirect } from '../gate/route-gate';
import { useAppNavigate } from '../iframe/use-app-navigate';
import { MenuEntry } from './MenuEntry';
import { isMenuItemActive, isMenuItemListed } from './menu-state';

export const navbarWidth = 240;

/** The side menu and its More submenu (spec 2.1 to 2.3). */
export function SideMenu() {
  const session = useSession();
  const { pathname, search } = useLocation();
  const appNavigate = useAppNavigate();
  const [moreOpen, setMoreOpen] = useState(false);
  const [statsOpen, setStatsOpen] = useState(false);
  const [moreButton, setMoreButton] = useState<HTMLElement | null>(null);
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  useClickOutside(() => setMoreOpen(false), null, [panel, moreButton]);

  const repOnly = Boolean(session.status?.repNotificationsOnly);
  const moreItems = moreMenu.filter((item) => isMenuItemListed(item, session));
  const moreActive = moreItems.some((item) => isMenuItemActive(item.to, pathname, search));

  const choose = (item: MenuItem) => {
    setMoreOpen(false);
    if (repOnly && !item.repUsable) appNavigate(repNotificationsRedirect, item.label);
    else if (item.popup === 'emailStats') setStatsOpen(true);
    else if (item.to) appNavigate(item.to, item.label);
  };

  const entry = (item: MenuItem) => (
    <MenuEntry
      key={item.key}
      testId={`menu-${item.key}`}
      label={item.label}
      href={item.to}
      active={isMenuItemActive(item.to, pathname, search)}
      repDisabled={repOnly && !item.repUsable}
      onChoose={() => choose(item)}
    />
  );

  return (
    <nav aria-label="Main menu">
      {mainMenu.map(entry)}
      <MenuEntry
        ref={setMoreButton}
        testId="menu-more"
        label={moreLabel}
        active={moreActive}
        repDisabled={repOnly}
        expanded={moreOpen}
        onChoose={() => (repOnly ? appNavigate(repNotificationsRedirect, moreLabel) : setMoreOpen((open) => !open))}
      />
      {moreOpen && (
        <Portal>
          <Paper
            ref={setPanel}
            data-testid="more-submenu"
            shadow="md"
            withBorder
            pos="fixed"
            top={0}
            left={navbarWidth}
            w={300}
            h="100vh"
            style={{ overflowY: 'auto', zIndex: 200 }}
          >
            {moreItems.map((item) =>
              item.restriction === 'admin' ? (
                <FeatureGate key={item.key} adminOnly>
                  {entry(item)}
                </FeatureGate>
              ) : (
                entry(item)
              ),
            )}
          </Paper>
        </Portal>
      )}
      <EmailStatsModal opened={statsOpen} onClose={() => setStatsOpen(false)} />
    </nav>
  );
}
