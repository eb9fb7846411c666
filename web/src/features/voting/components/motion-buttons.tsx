import { PlusIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The Motions panel's New Motion button (meeting page and email-vote edit page). */
export function NewMotionButton({ onClick }: { onClick: () => void }) {
  return (
    <Button className="min-h-11" onClick={onClick}>
      <PlusIcon aria-hidden="true" />
      New Motion
    </Button>
  );
}

/**
 * A motion's Delete icon button; `name` is the motion's plain-text name for screen readers. It is
 * disabled while the motion's delete request runs (`pending`), so a second click sends no second delete.
 */
export function DeleteMotionButton({
  name,
  pending = false,
  onClick,
}: {
  name: string;
  pending?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-11 text-destructive"
      aria-label={`Delete ${name}`}
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={onClick}
    >
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}
