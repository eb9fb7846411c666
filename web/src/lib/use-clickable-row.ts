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

/** The mouse half of a clickable row: click (or Ctrl/Meta-click, a middle click for a new tab) follows `href`. */
export interface RowClickProps {
  'data-href': string;
  onClick: (event: React.MouseEvent<HTMLElement>) => void;
  onAuxClick: (event: React.MouseEvent<HTMLElement>) => void;
}

export interface ClickableRowProps extends RowClickProps {
  role: 'button';
  tabIndex: 0;
  onKeyDown: (event: React.KeyboardEvent<HTMLElement>) => void;
}

/**
 * A click anywhere on the row follows `href`, for a row that holds its own link to `href` (which keyboard
 * and screen reader users take) beside other controls: such a row must not be a button itself, since
 * controls inside a button are neither announced nor reachable as such.
 */
export function useRowClick(href: string): RowClickProps {
  const navigate = useNavigate();
  return {
    'data-href': href,
    onClick: (event) => {
      if (event.defaultPrevented || startedOnInnerControl(event)) return;
      if (event.ctrlKey || event.metaKey) openInNewTab(href);
      else navigate(href);
    },
    onAuxClick: (event) => {
      if (event.button !== 1 || startedOnInnerControl(event)) return;
      openInNewTab(href);
    },
  };
}

/**
 * Props that make a row (e.g. a table row) a link: role="button", click or Enter navigates to the target,
 * Ctrl/Meta-click (or a middle click, or Ctrl/Meta+Enter) opens it in a new tab.
 */
export function useClickableRow(href: string): ClickableRowProps {
  const navigate = useNavigate();
  return {
    ...useRowClick(href),
    role: 'button',
    tabIndex: 0,
    onKeyDown: (event) => {
      if (event.target !== event.currentTarget) return;
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      if (event.ctrlKey || event.metaKey) openInNewTab(href);
      else navigate(href);
    },
  };
}
