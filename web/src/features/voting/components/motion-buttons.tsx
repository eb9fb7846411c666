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

/** A motion's Delete icon button; `name` is the motion's plain-text name for screen readers. */
export function DeleteMotionButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-11 text-destructive"
      aria-label={`Delete ${name}`}
      onClick={onClick}
    >
      <Trash2Icon aria-hidden="true" />
    </Button>
  );
}
