import { NavLink, Tooltip } from '@mantine/core';
import type { Ref } from 'react';
import { messages } from '../../lib/messages';

interface MenuEntryProps {
  testId: string;
  label: string;
  href?: string;
  active: boolean;
  /** Rep-notifications-only mode: shown greyed with the spec's tooltip, still clickable. */
  repDisabled: boolean;
  expanded?: boolean;
  onChoose: () => void;
  ref?: Ref<HTMLElement>;
}

export function MenuEntry({ testId, label, href, active, repDisabled, expanded, onChoose, ref }: MenuEntryProps) {
  const shared = {
    label,
    active,
    'data-testid': testId,
    'aria-disabled': repDisabled || undefined,
    style: repDisabled ? { opacity: 0.5 } : undefined,
  };
  const entry = href ? (
    <NavLink
      {...shared}
      ref={ref as Ref<HTMLAnchorElement>}
      component="a"
      href={href}
      aria-current={active ? 'page' : undefined}
      onClick={(event) => {
        event.preventDefault();
        onChoose();
      }}
    />
  ) : (
    <NavLink
      {...shared}
      ref={ref as Ref<HTMLButtonElement>}
      component="button"
      type="button"
      aria-expanded={expanded}
      onClick={onChoose}
    />
  );
  if (!repDisabled) return entry;
  return <Tooltip label={messages.repNotificationsOnly}>{entry}</Tooltip>;
}
