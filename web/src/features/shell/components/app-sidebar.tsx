import { COMMITTEE_LIST_PERMISSIONS, canAny, type Principal } from '@gavel/contracts';
import { ClipboardCheckIcon, HouseIcon, LayoutDashboardIcon } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation } from 'react-router';
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
    visible: (p) => canAny(p, 'create committees', ...COMMITTEE_LIST_PERMISSIONS),
  },
  {
    to: '/admin/appointments',
    label: 'Appointments',
    icon: ClipboardCheckIcon,
    visible: (p) => canAny(p, 'modify appointment acceptances', ...COMMITTEE_LIST_PERMISSIONS),
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
  /** Narrow screens: the sidebar covers the page and closes on navigation or a click outside. */
  overlay: boolean;
  onClose: () => void;
}

export function AppSidebar({ open, overlay, onClose }: AppSidebarProps) {
  const { principal } = useCurrentUser();
  const items = NAV_ITEMS.filter((item) => item.visible?.(principal) ?? true);
  const current = currentNavItem(items, useLocation().pathname);
  React.useEffect(() => {
    if (!overlay || !open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [overlay, open, onClose]);

  return (
    <>
      {overlay && open && (
        <button
          type="button"
          aria-label="Close sidebar"
          tabIndex={-1}
          className="fixed inset-0 z-40 bg-black/40"
          onClick={onClose}
        />
      )}
      <aside
        id={SIDEBAR_ID}
        aria-label="Main navigation"
        hidden={!open}
        className={cn(
          'w-64 shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground',
          open && 'flex',
          overlay ? 'fixed inset-y-0 left-0 z-50 shadow-lg' : 'sticky top-0 h-svh',
        )}
      >
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
      </aside>
    </>
  );
}
