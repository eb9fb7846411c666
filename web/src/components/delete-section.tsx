import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog, DELETE_CONFIRM_TITLE, DELETE_CONFIRM_YES } from '@/components/confirm-dialog';
import { ErrorDialog } from '@/components/error-dialog';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import { forgetOnceUnobserved } from '@/lib/query-client';
import { LEAVE_UNASKED } from '@/lib/use-unsaved-changes';

export interface DeleteSectionProps {
  /** The start of the section's ids: `{id}-title`, and `{id}-note` for the note. */
  id: string;
  /** The section's heading, and its button's text. */
  title: string;
  /** Why the server refuses the delete, shown in the section: the button is then disabled. */
  note?: string;
  /** Or the id of such a text elsewhere on the page. */
  blockedBy?: string;
  /** What the confirmation says will be deleted. */
  message: string;
  errorTitle: string;
  /** The delete mutation of what the page edits. */
  remove: {
    isPending: boolean;
    mutate: (
      variables: undefined,
      options: { onSuccess: () => Promise<void>; onError: (err: unknown) => void },
    ) => void;
  };
  /** Once deleted: the toast, the page to leave for, and the query of what was deleted (to forget). */
  deleted: { toast: string; leaveTo: string; queryKey: QueryKey };
}

/** An edit page's Delete: asks first, then deletes and leaves the page, or says why it failed. */
export function DeleteSection({
  id,
  title,
  note,
  blockedBy,
  message,
  errorTitle,
  remove,
  deleted,
}: DeleteSectionProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  const describedBy = note !== undefined ? `${id}-note` : blockedBy;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-md border border-destructive/40 p-4"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {title}
      </h2>
      {note !== undefined && (
        <p id={`${id}-note`} className="text-sm text-muted-foreground">
          {note}
        </p>
      )}
      <div>
        <Button
          variant="destructive"
          disabled={describedBy !== undefined || remove.isPending}
          aria-describedby={describedBy}
          onClick={() => setConfirming(true)}
        >
          <Trash2Icon aria-hidden="true" />
          {title}
        </Button>
      </div>
      <ConfirmDialog
        title={DELETE_CONFIRM_TITLE}
        confirmLabel={DELETE_CONFIRM_YES}
        destructive
        message={confirming ? message : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(undefined, {
            onSuccess: async () => {
              toast.success(deleted.toast);
              // Unasked: the form's unsaved changes are moot once what it edits is gone.
              await navigate(deleted.leaveTo, { state: LEAVE_UNASKED });
              forgetOnceUnobserved(queryClient, deleted.queryKey);
            },
            onError: (err) => setFailure(errorText(err, FALLBACK.delete)),
          });
        }}
      />
      <ErrorDialog title={errorTitle} message={failure} onClose={() => setFailure(null)} />
    </section>
  );
}
