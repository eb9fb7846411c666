import type { TMotion, TResultVisibility, TVoteView } from '@gavel/contracts';
import {
  canChangeResultVisibility,
  generalQuorum,
  RESULT_VISIBILITIES,
  RESULT_VISIBILITY_SUCCESS,
  resultBreakdown,
  showResultChart,
  validityMessage,
  validTotal,
} from '@gavel/voting-rules';
import * as React from 'react';
import { toast } from 'sonner';
import { ErrorDialog } from '@/components/error-dialog';
import { Button } from '@/components/ui/button';
import { ResultsPieChart } from '@/features/voting/components/results-pie-chart';
import { RESULT_VISIBILITY_OPTION_LABELS } from '@/features/voting/motion-form';
import { shownWinners, voteValidity } from '@/features/voting/motion-state';
import { useSetResultVisibility } from '@/features/voting/queries';
import { plainText, useVoteWording } from '@/features/voting/wording';
import { errorText } from '@/lib/api-client';
import { FALLBACK } from '@/lib/messages';
import type { PageScope } from '@/lib/page-scope';
import { useFocusWhenReady, useRestoreFocus } from '@/lib/use-restore-focus';

export const VISIBILITY_ERROR_TITLE = 'Error Updating';
export const INVALID_VOTE_RESULT = 'No result: the vote is invalid.';

/** The id of a vote's results heading (focused after a runner closes the vote). */
export const resultsHeadingId = (voteId: string) => `results-${voteId}`;

/** One ended vote's results as this viewer may see them: summary, breakdown, chart. */
export function VoteResults({
  motion,
  vote,
  title,
  isRunner,
  headingLevel: Heading = 'h4',
}: {
  motion: TMotion;
  vote: TVoteView;
  title: string;
  isRunner: boolean;
  /** One below the card's title. */
  headingLevel?: 'h4' | 'h5';
}) {
  const wording = useVoteWording();
  const summary = isRunner || vote.summary_visible;
  if (!summary) return null;
  const outcome = vote.outcome;
  const breakdownVisible = outcome !== null && (isRunner || vote.breakdown_visible);
  const winners = shownWinners(vote);
  const received = vote.respondents_count;
  const quorum = generalQuorum(vote);
  const valid = voteValidity(vote);
  const invalidText = received === null ? vote.validity_message : validityMessage({ quorum, received });
  const rows = outcome ? wording.shown(resultBreakdown(outcome), (r) => r.response) : [];
  const headingId = resultsHeadingId(vote.id);
  return (
    // Named with its motion: a page of motions has one such region per vote, each told apart.
    <section
      aria-label={`${title}: ${plainText(motion.name)}`}
      className="flex flex-col gap-2 rounded-md border p-3"
    >
      <Heading id={headingId} tabIndex={-1} className="text-sm font-semibold">
        {title}
      </Heading>
      {!valid && (
        <div className="flex flex-col gap-1 text-sm text-destructive" role="note">
          <p className="font-medium">{INVALID_VOTE_RESULT}</p>
          {invalidText && <p>{invalidText}</p>}
        </div>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {/* An invalid vote decided nothing: it names no result (the breakdown still shows the counts). */}
        {valid && (
          <>
            <dt className="text-muted-foreground">Result</dt>
            {/* Custom responses run to 500 characters: long words wrap within the card (here and below). */}
            <dd className="min-w-0 wrap-anywhere">
              {winners.length > 0 ? winners.map(wording.label).join(', ') : 'No response carried'}
            </dd>
          </>
        )}
        {received !== null && (
          <>
            <dt className="text-muted-foreground">Members voted</dt>
            <dd>{received}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Quorum</dt>
        <dd>{quorum}</dd>
      </dl>
      {breakdownVisible && outcome && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <table className="w-full min-w-0 text-sm" aria-label={`${title} breakdown`}>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="font-medium">
                  Response
                </th>
                <th scope="col" className="pl-3 text-right font-medium">
                  Votes
                </th>
                <th scope="col" className="pl-3 text-right font-medium">
                  Percent
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.response}>
                  <th scope="row" className="text-left font-normal wrap-anywhere">
                    {wording.label(row.response)}
                  </th>
                  <td className="pl-3 text-right tabular-nums">{row.count}</td>
                  <td className="pl-3 text-right tabular-nums">
                    {row.percent === null ? '—' : `${row.percent}%`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {showResultChart({
            valid,
            breakdown_visible: breakdownVisible,
            valid_total: validTotal(outcome),
          }) && <ResultsPieChart outcome={outcome} labelOf={wording.label} title={`${title} chart`} />}
        </div>
      )}
    </section>
  );
}

const VISIBILITY_BUTTONS = RESULT_VISIBILITIES.map((value) => ({
  value,
  label: RESULT_VISIBILITY_OPTION_LABELS[value],
}));

/**
 * The runners' Show Results / Hide Breakdown / Hide All Results buttons. `describedBy` names the motion's
 * title: every card has these buttons, and a screen reader says whose they are.
 */
export function ResultVisibilityButtons({
  scope,
  motion,
  hasActiveVote,
  describedBy,
}: {
  scope: PageScope;
  motion: TMotion;
  hasActiveVote: boolean;
  describedBy?: string;
}) {
  const change = useSetResultVisibility(scope);
  const [failure, setFailure] = React.useState<string | null>(null);
  const allowed = canChangeResultVisibility({ is_runner: true, has_active_vote: hasActiveVote });
  // The buttons are disabled while a change is saved, which drops focus: it goes back to the pressed
  // one once they are enabled again (or, after a failure, once the error dialog closes).
  const buttons = React.useRef<Partial<Record<TResultVisibility, HTMLButtonElement | null>>>({});
  const pressed = React.useRef<TResultVisibility | null>(null);
  const pressedButton = () => (pressed.current ? (buttons.current[pressed.current] ?? null) : null);
  const afterChange = useFocusWhenReady();
  const restoreAfterFailure = useRestoreFocus(failure !== null, pressedButton);
  async function choose(value: TResultVisibility) {
    pressed.current = value;
    try {
      await change.mutateAsync({ id: motion.id, value });
      afterChange.request(() => {
        const button = pressedButton();
        return button && !button.disabled ? button : null;
      });
      toast.success(RESULT_VISIBILITY_SUCCESS[value]);
    } catch (err) {
      setFailure(errorText(err, FALLBACK.update));
    }
  }
  return (
    <>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Result visibility</legend>
        {VISIBILITY_BUTTONS.map((button) => (
          <Button
            key={button.value}
            ref={(element) => {
              buttons.current[button.value] = element;
            }}
            variant={motion.result_visibility === button.value ? 'default' : 'outline'}
            size="sm"
            className="min-h-11"
            aria-pressed={motion.result_visibility === button.value}
            aria-describedby={describedBy}
            disabled={change.isPending || !allowed}
            onClick={() => void choose(button.value)}
          >
            {button.label}
          </Button>
        ))}
      </fieldset>
      <ErrorDialog
        title={VISIBILITY_ERROR_TITLE}
        message={failure}
        onClose={() => setFailure(null)}
        onCloseAutoFocus={restoreAfterFailure.onCloseAutoFocus}
      />
    </>
  );
}
