import { isAdmin, type TUser } from '@gavel/contracts';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { principalOf } from '@/features/auth/principal';
import { useMe } from '@/features/auth/queries';
import { cn } from '@/lib/cn';
import { initialsOf } from '@/lib/initials';
import { paths } from '@/lib/paths';

export type AvatarUser = Pick<TUser, 'id' | 'name' | 'first_name' | 'last_name' | 'profile_display_url'> &
  Partial<Pick<TUser, 'displayed_first_name'>>;

export interface UserAvatarProps {
  user: AvatarUser;
  /**
   * Link the avatar to the user's edit page in a new tab (spec: shared page behaviour). Pass
   * `useAvatarLinks()`: anyone else would land on "You do not have permission".
   */
  link?: boolean;
  className?: string;
}

/**
 * Whether avatars link to the user edit page for the signed-in user: only those who may edit users
 * (admins). For anyone else the link would only lead to
 * "You do not have permission to edit users" and add a useless Tab stop per avatar.
 */
export function useAvatarLinks(): boolean {
  const { data } = useMe();
  return data ? isAdmin(principalOf(data)) : false;
}

/** A user's profile picture, or their initials when there is none. */
export function UserAvatar({ user, link = false, className }: UserAvatarProps) {
  const avatar = (
    <Avatar className={className}>
      {user.profile_display_url && <AvatarImage src={user.profile_display_url} alt="" />}
      <AvatarFallback aria-hidden="true">{initialsOf(user)}</AvatarFallback>
    </Avatar>
  );
  if (!link) {
    return (
      <span role="img" aria-label={user.name} className="inline-flex">
        {avatar}
      </span>
    );
  }
  return (
    <a
      href={paths.userEdit(user.id)}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex rounded-full focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
      )}
    >
      {avatar}
      {/* Named by text rather than aria-label: the initials shown are a picture of the name, not its label. */}
      <span className="sr-only">{`${user.name} (edit user, opens in a new tab)`}</span>
    </a>
  );
}
