import type * as React from 'react';
import { useNavigate } from 'react-router';

/** Clicks on these inside a row do their own thing and do not follow the row's link. */
const INTERACTIVE =
  'a, button, input, select, textarea, label, [role="button"], [role="menuitem"], [role="switch"]';

/**
 * Whether the click belongs to something else than the row: a control inside it, or anything rendered
 * elsewhere through a portal (a dialog opened from the row), whose clicks React still bubbles to the row.
 */
function startedOnInnerControl(event: React.SyntheticEvent<HTMLElement>): boolean {
  const target = event.target as Element | null;
  if (!target || !event.currentTarget.contains(target)) return true;
  const control = target.closest(INTERACTIVE);
  return !!control && control !== event.currentTarget;
}

function openInNewTab(href: string): void {
  window.open(href, '_blank', 'noopener,noreferrer');
}

export interface ClickableRowProps {
  role: 'button';
  tabIndex: 0;
  'data-href': string;
  onClick: (event: React.MouseEvent<HTMLElement>) => void;
  onAuxClick: (event: React.MouseEvent<HTMLElement>) => void;
  onKeyDown: (event: React.KeyboardEvent<HTMLElement>) => void;
}

/**
 * Props that make a row (e.g. a table row) a link: role="button", click or Enter navigates to the target,
 * Ctrl/Meta-click (or a middle click, or Ctrl/Meta+Enter) opens it in a new tab.
 */
export function useClickableRow(href: string): ClickableRowProps {
  const navigate = useNavigate();
  const follow = (newTab: boolean) => (newTab ? openInNewTab(href) : navigate(href));

  return {
    role: 'button',
    tabIndex: 0,
    'data-href': href,
    onClick: (event) => {
      if (event.defaultPrevented || startedOnInnerControl(event)) return;
      follow(event.ctrlKey || event.metaKey);
    },
    onAuxClick: (event) => {
      if (event.button !== 1 || startedOnInnerControl(event)) return;
      openInNewTab(href);
    },
    onKeyDown: (event) => {
      if (event.target !== event.currentTarget) return;
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      follow(event.ctrlKey || event.metaKey);
    },
  };
}
