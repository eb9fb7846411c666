import type { Principal } from '@gavel/contracts';
import { ClipboardCheckIcon, HouseIcon, LayoutDashboardIcon, XIcon } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { mayOpenAppointments, maySeeAdminArea } from '@/features/admin/admin-access';
import { useCurrentUser } from '@/features/auth/queries';
import { cn } from '@/lib/cn';

export const SIDEBAR_ID = 'app-sidebar';

interface NavItem {
  to: string;
  label: string;
  icon: React.ComponentType<{ className?: string }>;
  /** Who sees the item; everyone when absent. */
  visible?: (principal: Principal) => boolean;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Home', icon: HouseIcon },
  {
    to: '/admin',
    label: 'Admin',
    icon: LayoutDashboardIcon,
    visible: maySeeAdminArea,
  },
  {
    to: '/admin/appointments',
    label: 'Appointments',
    icon: ClipboardCheckIcon,
    visible: mayOpenAppointments,
  },
];

/**
 * The item of the current page: the one whose path is the longest prefix of it, so /admin/appointments
 * marks Appointments alone while /admin/committee/FIN still marks Admin.
 */
export function currentNavItem(items: readonly Pick<NavItem, 'to'>[], pathname: string): string | null {
  const matches = items
    .map(({ to }) => to)
    .filter((to) => pathname === to || (to !== '/' && pathname.startsWith(`${to}/`)));
  return matches.sort((a, b) => b.length - a.length)[0] ?? null;
}

export interface AppSidebarProps {
  open: boolean;
  /** Narrow screens: the sidebar covers the page as a modal and closes on navigation or a click outside. */
  overlay: boolean;
  onClose: () => void;
  /** Where focus goes back when the overlay closes: the toggle that opened it. */
  returnFocusRef?: React.RefObject<HTMLElement | null>;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The open overlay is a modal: focus moves to its first link, Tab and Shift+Tab stay inside, Escape
 * closes it, and focus goes back to `returnFocusRef` when it closes. (The layout makes the page behind it
 * inert as well.)
 */
function useModalFocus(
  modal: boolean,
  containerRef: React.RefObject<HTMLElement | null>,
  onClose: () => void,
  returnFocusRef: React.RefObject<HTMLElement | null> | undefined,
) {
  React.useEffect(() => {
    if (!modal) return;
    const container = containerRef.current;
    const focusables = () => [...(container?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    (focusables()[0] ?? container)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !container) return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
      } else if (!container.contains(active)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Runs once the layout has dropped `inert` from the page, so the toggle can take focus again.
      returnFocusRef?.current?.focus();
    };
  }, [modal, containerRef, onClose, returnFocusRef]);
}

export function AppSidebar({ open, overlay, onClose, returnFocusRef }: AppSidebarProps) {
  const { principal } = useCurrentUser();
  const items = NAV_ITEMS.filter((item) => item.visible?.(principal) ?? true);
  const current = currentNavItem(items, useLocation().pathname);
  const panelRef = React.useRef<HTMLDivElement>(null);
  useModalFocus(overlay && open, panelRef, onClose, returnFocusRef);

  const className = cn(
    'w-64 shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground',
    open && 'flex',
    overlay ? 'fixed inset-y-0 left-0 z-50 shadow-lg' : 'sticky top-0 h-svh',
  );
  const content = (
    <>
      <div className="flex h-14 items-center border-b border-sidebar-border px-4 font-semibold tracking-tight">
        Gavel
      </div>
      <nav className="flex flex-col gap-1 p-2">
        {items.map(({ to, label, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            aria-current={to === current ? 'page' : undefined}
            onClick={overlay ? onClose : undefined}
            className={cn(
              'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
              to === current && 'bg-sidebar-accent text-sidebar-accent-foreground',
            )}
          >
            <Icon className="size-4" />
            {label}
          </Link>
        ))}
      </nav>
    </>
  );

  // Wide screens: a landmark beside the page.
  if (!overlay) {
    return (
      <aside id={SIDEBAR_ID} aria-label="Main navigation" hidden={!open} className={className}>
        {content}
      </aside>
    );
  }
  // Narrow screens: a modal dialog over the page, behind a backdrop that closes it.
  return (
    <>
      {open && (
        // For the pointer only: keyboards and screen readers have Escape and the Close sidebar button.
        <button
          type="button"
          aria-hidden="true"
          tabIndex={-1}
          data-sidebar-backdrop=""
          className="fixed inset-0 z-40 bg-black/40"
          onClick={onClose}
        />
      )}
      <div
        ref={panelRef}
        id={SIDEBAR_ID}
        role="dialog"
        aria-modal="true"
        aria-label="Main navigation"
        tabIndex={-1}
        hidden={!open}
        className={cn(className, 'relative')}
      >
        {content}
        {/* After the links in the tab order (focus opens on the first link), shown in the header's corner. */}
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Close sidebar"
          className="absolute top-2.5 right-2"
          onClick={onClose}
        >
          <XIcon className="size-4" />
        </Button>
      </div>
    </>
  );
}
