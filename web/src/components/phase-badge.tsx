import type { Phase } from '@gavel/voting-rules';
import { Badge } from '@/components/ui/badge';

const PHASE_LABEL: Record<Phase, string> = {
  planned: 'Planned',
  in_progress: 'In Progress',
  ended: 'Ended',
};

/** A meeting's status or an email vote's phase in lists: highlighted while it is on. */
export function PhaseBadge({ phase }: { phase: Phase }) {
  return <Badge variant={phase === 'in_progress' ? 'default' : 'secondary'}>{PHASE_LABEL[phase]}</Badge>;
}
