import { isAdmin, type TUserEditView } from '@gavel/contracts';
import { useParams } from 'react-router';
import { ClickToCopy } from '@/components/click-to-copy';
import { ErrorState, LoadingState } from '@/components/page-status';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { UserAvatar } from '@/components/user-avatar';
import { useCurrentUser } from '@/features/auth/queries';
import { UserEditForm } from '@/features/users/components/user-edit-form';
import { useUserEditView } from '@/features/users/queries';
import { errorText } from '@/lib/api-client';

export const USER_LOAD_FALLBACK = 'Unknown Retrieve Error... Please try again.';
export const USER_EDIT_FORBIDDEN = 'You do not have permission to edit users.';

/** /admin/users/:id/edit: an admin changes a user's names, email and roles. */
export function UserEditPage() {
  const { principal } = useCurrentUser();
  if (!isAdmin(principal)) return <ErrorState heading="Edit User" message={USER_EDIT_FORBIDDEN} />;
  return <UserEdit />;
}

function UserEdit() {
  const { id = '' } = useParams();
  const view = useUserEditView(id);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Edit User</h1>
      {view.isPending ? (
        <LoadingState />
      ) : view.isError ? (
        <ErrorState
          message={errorText(view.error, USER_LOAD_FALLBACK)}
          error={view.error}
          onRetry={() => void view.refetch()}
        />
      ) : (
        <UserEditView data={view.data} />
      )}
    </div>
  );
}

function UserEditView({ data }: { data: TUserEditView }) {
  const { user } = data;
  return (
    <Card>
      <CardHeader className="flex items-center gap-3">
        <UserAvatar user={user} link={false} className="size-12 text-base" />
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle className="truncate">{user.name}</CardTitle>
          <CardDescription className="flex flex-wrap gap-x-4 gap-y-1">
            <span>
              Email: <ClickToCopy value={user.email} />
            </span>
            {user.username && (
              <span>
                Username: <ClickToCopy value={user.username} />
              </span>
            )}
            {user.nrds && (
              <span>
                NRDS: <ClickToCopy value={user.nrds} />
              </span>
            )}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <UserEditForm key={user.id} view={data} />
      </CardContent>
    </Card>
  );
}
