import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '../../lib/access';
import { mockFetch, jsonResponse } from '../../test-utils/fetch';
import { render } from '../../test-utils/render';
import { makeSession } from '../../test-utils/session';
import { SideMenu } from './SideMenu';

function renderMenu(route = '/campaignListView', session = makeSession()) {
  render(<SideMenu />, { route, session });
}

const location = () => screen.getByTestId('location').textContent;
const submenu = () => screen.queryByTestId('more-submenu');
const moreLabels = () => within(screen.getByTestId('more-submenu')).getAllByRole('link').map((link) => link.textContent);

test('shows the main entries in order, each with its test id', () => {
  renderMenu();
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
    'Campaigns', 'Segmentation', 'Templates', 'Forms', 'Opt-out Forms', 'Profiles', 'Workflows', 'Landing Pages',
  ]);
  expect(screen.getByTestId('menu-templates')).toHaveAttribute('href', '/templates?isReload=true');
  expect(screen.getByTestId('menu-more')).toHaveTextContent('More');
});

test('choosing an entry navigates with the router', async () => {
  renderMenu();
  await userEvent.click(screen.getByTestId('menu-templates'));
  expect(location()).toBe('/templates?isReload=true');
});

test('More toggles the submenu; choosing another item or clicking outside hides it', async () => {
  renderMenu();
  expect(submenu()).toBeNull();
  await userEvent.click(screen.getByTestId('menu-more'));
  expect(submenu()).toBeInTheDocument();
  expect(screen.getByTestId('menu-more')).toHaveAttribute('aria-expanded', 'true');
  await userEvent.click(screen.getByTestId('menu-more'));
  expect(submenu()).toBeNull();

  await userEvent.click(screen.getByTestId('menu-more'));
  await userEvent.click(screen.getByTestId('menu-managegroups'));
  expect(submenu()).toBeNull();
  expect(location()).toBe('/managegroups');

  await userEvent.click(screen.getByTestId('menu-more'));
  await userEvent.click(screen.getByTestId('menu-forms'));
  expect(submenu()).toBeNull();

  await userEvent.click(screen.getByTestId('menu-more'));
  fireEvent.mouseDown(document.body);
  expect(submenu()).toBeNull();
});

test('clicks inside the submenu panel keep it open', async () => {
  renderMenu();
  await userEvent.click(screen.getByTestId('menu-more'));
  fireEvent.mouseDown(screen.getByTestId('more-submenu'));
  expect(submenu()).toBeInTheDocument();
});

test('the active entry matches path plus query', () => {
  renderMenu('/templates?isReload=true');
  expect(screen.getByTestId('menu-templates')).toHaveAttribute('data-active');
  expect(screen.getByTestId('menu-campaignListView')).not.toHaveAttribute('data-active');
});

test('a path without the entry query is not active', () => {
  renderMenu('/templates');
  expect(screen.getByTestId('menu-templates')).not.toHaveAttribute('data-active');
});

test('More is highlighted when a submenu route is current', async () => {
  renderMenu('/segmentListbi?type=bi', makeSession({}, { userRole: 'SUPERADMIN' }));
  expect(screen.getByTestId('menu-more')).toHaveAttribute('data-active');
  await userEvent.click(screen.getByTestId('menu-more'));
  expect(screen.getByTestId('menu-segmentListbi')).toHaveAttribute('data-active');
});

test('More is not highlighted on a main entry', () => {
  renderMenu('/forms');
  expect(screen.getByTestId('menu-more')).not.toHaveAttribute('data-active');
});

test.each<[Role, boolean, boolean]>([
  ['USER', false, false],
  ['ADMIN', true, false],
  ['SUPERADMIN', true, true],
])('%s: admin entries %s, super-admin entries %s', async (role, admin, superAdmin) => {
  renderMenu('/forms', makeSession({}, { userRole: role }));
  await userEvent.click(screen.getByTestId('menu-more'));
  const labels = moreLabels();
  expect(labels.includes('Spam Traps Dashboard')).toBe(admin);
  expect(labels.includes('Disclaimers')).toBe(admin);
  expect(labels.includes('BI Segmentation')).toBe(superAdmin);
  expect(labels.includes('MKM NLP')).toBe(superAdmin);
  expect(labels).toContain('Groups');
  expect(screen.getByTestId('menu-emailStats')).toHaveTextContent('Email Verification Stats');
});

test('subscription entries appear only when subscriptions are enabled', async () => {
  renderMenu('/forms', makeSession({ subscriptionsEnabled: false }, { userRole: 'SUPERADMIN' }));
  await userEvent.click(screen.getByTestId('menu-more'));
  expect(moreLabels()).not.toContain('Checkout Forms');
});

test('subscription entries follow the other restrictions when enabled', async () => {
  renderMenu('/forms', makeSession({ subscriptionsEnabled: true }, { userRole: 'ADMIN' }));
  await userEvent.click(screen.getByTestId('menu-more'));
  const labels = moreLabels();
  expect(labels.slice(-3)).toEqual(['Checkout Forms', 'Checkout Pages', 'Checkout Templates']);
  expect(labels).not.toContain('Orders Dashboard');
});

test('More lists Senders and Sender Domains after Manage Domains, which keeps its suppressed and public domains', async () => {
  renderMenu('/forms', makeSession({}, { userRole: 'USER' }));
  await userEvent.click(screen.getByTestId('menu-more'));
  const labels = moreLabels();
  expect(labels.slice(labels.indexOf('Manage Domains'), labels.indexOf('Manage Domains') + 3)).toEqual(['Manage Domains', 'Senders', 'Sender Domains']);
  await userEvent.click(screen.getByTestId('menu-senderList'));
  expect(location()).toBe('/senderList');
});

test('the super-admin submenu lists every entry in spec order', async () => {
  renderMenu('/forms', makeSession({ subscriptionsEnabled: true }, { userRole: 'SUPERADMIN' }));
  await userEvent.click(screen.getByTestId('menu-more'));
  // Spec 2.2's 30 entries, then Senders and Sender Domains, then Activity, Sending
  // Transports, Sending Health and Client Settings (admins).
  expect(within(screen.getByTestId('more-submenu')).getAllByRole('link')).toHaveLength(36);
  expect(moreLabels()[0]).toBe('Import Subscribers');
  expect(moreLabels().at(-1)).toBe('Generic Dashboard');
});

test('in rep-notifications-only mode only Campaigns and Workflows are usable', async () => {
  renderMenu('/campaignListView', makeSession({ repNotificationsOnly: true }));
  expect(screen.getByTestId('menu-campaignListView')).not.toHaveAttribute('aria-disabled');
  expect(screen.getByTestId('menu-workflow-analytics')).not.toHaveAttribute('aria-disabled');
  for (const key of ['segmentList', 'templates', 'forms', 'OptoutForms', 'profilemanagement', 'landingpages', 'more']) {
    expect(screen.getByTestId(`menu-${key}`)).toHaveAttribute('aria-disabled', 'true');
  }
  await userEvent.hover(screen.getByTestId('menu-forms'));
  expect(await screen.findByText('This option not available when only rep notifications enabled')).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('menu-forms'));
  expect(location()).toBe('/setupPage?repNotificationDisable=true');
});

test('in rep-notifications-only mode More does not open and goes to the setup page', async () => {
  renderMenu('/campaignListView', makeSession({ repNotificationsOnly: true }));
  await userEvent.click(screen.getByTestId('menu-more'));
  expect(submenu()).toBeNull();
  expect(location()).toBe('/setupPage?repNotificationDisable=true');
});

test('Email Verification Stats opens the Email Stats popup', async () => {
  mockFetch({ '/api/fetchemailstats': () => jsonResponse(200, { Success: true, Valid: 1, Invalid: 2, Unknown: 3, Pending: 4 }) });
  renderMenu();
  await userEvent.click(screen.getByTestId('menu-more'));
  await userEvent.click(screen.getByTestId('menu-emailStats'));
  expect(await screen.findByRole('dialog', { name: 'Email Stats' })).toBeInTheDocument();
  expect(location()).toBe('/campaignListView');
});

describe('inside an iframe', () => {
  let parentWindow: { postMessage: ReturnType<typeof vi.fn> };
  beforeEach(() => {
    parentWindow = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parentWindow as unknown as Window);
  });
  afterEach(() => vi.restoreAllMocks());

  test('navigation asks the parent page, at each allowed origin, instead of the router', async () => {
    renderMenu('/campaignListView', makeSession({ parentOrigins: ['https://a.example', 'https://b.example'] }));
    await userEvent.click(screen.getByTestId('menu-templates'));
    const message = { type: 'navigate', pgUrl: '/templates?isReload=true', pgTitle: 'Templates' };
    expect(parentWindow.postMessage.mock.calls).toEqual([
      [message, 'https://a.example'],
      [message, 'https://b.example'],
    ]);
    expect(location()).toBe('/campaignListView');
  });
});
