import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '../lib/access';
import { render } from '../test-utils/render';
import { makeSession } from '../test-utils/session';
import { FeatureGate } from './FeatureGate';

const list = [
  { actionType: 'enableOptOuts', users: ['ADMIN', 'USER'] },
  { actionType: 'enableDisclaimer', users: ['ADMIN'] },
];

function renderGate(role: Role, props: { actionType?: string; adminOnly?: boolean; superAdminOnly?: boolean; disable?: boolean }, onClick = vi.fn()) {
  render(
    <FeatureGate {...props}>
      <button type="button" onClick={onClick}>
        Protected
      </button>
    </FeatureGate>,
    { session: makeSession({}, { userRole: role, accessControlList: list }) },
  );
  return onClick;
}

// [role, actionType, adminOnly, expected visibility]
const matrix: [Role, string | undefined, boolean, boolean][] = [
  ['SUPERADMIN', undefined, true, true],
  ['SUPERADMIN', 'enableDisclaimer', false, true],
  ['ADMIN', undefined, true, true],
  ['ADMIN', 'enableDisclaimer', false, true],
  ['USER', undefined, true, false],
  ['USER', 'enableOptOuts', true, false],
  ['USER', 'enableOptOuts', false, true],
  ['USER', 'enableDisclaimer', false, false],
  ['USER', 'unknownAction', false, false],
  // No action type and not admin-only: nothing restricts it (the server's rule too).
  ['USER', undefined, false, true],
];

test.each(matrix)('%s with action %s, adminOnly %s: visible %s', (role, actionType, adminOnly, visible) => {
  renderGate(role, { actionType, adminOnly });
  expect(screen.queryByRole('button', { name: 'Protected' }) !== null).toBe(visible);
});

test.each(matrix)('%s with action %s, adminOnly %s and disable: enabled %s', (role, actionType, adminOnly, visible) => {
  const onClick = renderGate(role, { actionType, adminOnly, disable: true });
  expect(screen.getByText('Protected')).toBeInTheDocument();
  expect(screen.queryByTestId('feature-gate-disabled') === null).toBe(visible);
  fireEvent.click(screen.getByText('Protected'));
  expect(onClick).toHaveBeenCalledTimes(visible ? 1 : 0);
});

// Super-admin-only content (BI Segmentation): only SUPERADMIN, whatever the access list says.
test.each([
  ['SUPERADMIN', true],
  ['ADMIN', false],
  ['USER', false],
] as [Role, boolean][])('%s and super-admin-only content: visible %s', (role, visible) => {
  renderGate(role, { actionType: 'enableOptOuts', superAdminOnly: true });
  expect(screen.queryByRole('button', { name: 'Protected' }) !== null).toBe(visible);
});

test('disabled content is greyed, aria-disabled, click-blocked and explains itself in a tooltip', async () => {
  const onClick = renderGate('USER', { actionType: 'enableDisclaimer', disable: true });
  const wrapper = screen.getByTestId('feature-gate-disabled');
  expect(wrapper).toHaveAttribute('aria-disabled', 'true');
  expect(wrapper).toHaveStyle({ opacity: '0.5' });
  expect(wrapper.firstElementChild).toHaveStyle({ pointerEvents: 'none' });
  expect(wrapper.firstElementChild).toHaveAttribute('inert');
  await userEvent.hover(wrapper);
  expect(await screen.findByText('Accessed only by Admin Users')).toBeInTheDocument();
  expect(onClick).not.toHaveBeenCalled();
});

test('without a session nothing is shown', () => {
  render(
    <FeatureGate adminOnly>
      <span>Protected</span>
    </FeatureGate>,
  );
  expect(screen.queryByText('Protected')).toBeNull();
});
