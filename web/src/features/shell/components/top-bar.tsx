import type { TMe } from '@gavel/contracts';
import { PanelLeftIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { UserAvatar, useAvatarLinks } from '@/components/user-avatar';
import { SIDEBAR_ID } from '@/features/shell/components/app-sidebar';
import { UserMenu } from '@/features/shell/components/user-menu';

export interface TopBarProps {
  me: TMe;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  /** The sidebar toggle, where focus returns when the overlay sidebar closes. */
  toggleRef?: React.Ref<HTMLButtonElement>;
}

export function TopBar({ me, sidebarOpen, onToggleSidebar, toggleRef }: TopBarProps) {
  const linkAvatar = useAvatarLinks();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-2 backdrop-blur sm:px-4">
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="max-sm:size-11"
            aria-label="Toggle sidebar"
            aria-controls={SIDEBAR_ID}
            aria-expanded={sidebarOpen}
            onClick={onToggleSidebar}
          >
            <PanelLeftIcon aria-hidden="true" />
          </Button>
        </TooltipTrigger>
        <TooltipContent side="bottom">Toggle sidebar</TooltipContent>
      </Tooltip>
      <span className="truncate text-sm font-medium">{me.tenant.name}</span>
      <div className="ml-auto flex items-center gap-1">
        <UserAvatar user={me.user} link={linkAvatar} />
        <UserMenu me={me} />
      </div>
    </header>
  );
}
