import {
  ABSTAIN_RESPONSE,
  APPROVE_RESPONSE,
  OPPOSE_RESPONSE,
  percentOf,
  type Tally,
  validTotal,
} from '@gavel/voting-rules';

/** Standard colours: green for in favour, red for opposed. */
export const IN_FAVOR_COLOR = '#16a34a';
export const OPPOSED_COLOR = '#dc2626';

/**
 * Colour palettes for 1 to 9 responses (spec section 9): index n-1 holds the colours of a chart with
 * n responses, chosen so that neighbouring slices stay distinguishable.
 */
const BASE = [
  '#2563eb',
  '#f59e0b',
  '#10b981',
  '#8b5cf6',
  '#ef4444',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
  '#64748b',
];
export const CHART_PALETTES: readonly (readonly string[])[] = Array.from({ length: 9 }, (_, i) =>
  BASE.slice(0, i + 1),
);

/** The colour of each non-abstain response, in outcome order. */
export function sliceColors(outcome: readonly Tally[]): string[] {
  const responses = outcome.filter((t) => t.response !== ABSTAIN_RESPONSE);
  const standard = responses.every((t) => t.response === APPROVE_RESPONSE || t.response === OPPOSE_RESPONSE);
  if (standard)
    return responses.map((t) => (t.response === APPROVE_RESPONSE ? IN_FAVOR_COLOR : OPPOSED_COLOR));
  const palette = CHART_PALETTES[Math.min(9, Math.max(1, responses.length)) - 1] ?? BASE;
  return responses.map((_, i) => palette[i % palette.length] as string);
}

function point(fraction: number, r: number): [number, number] {
  const angle = fraction * 2 * Math.PI - Math.PI / 2;
  return [r * Math.cos(angle), r * Math.sin(angle)];
}

/**
 * A pie chart of a vote's outcome, abstentions excluded. `labelOf` names each response for the
 * screen-reader description.
 */
export function ResultsPieChart({
  outcome,
  labelOf,
  title,
}: {
  outcome: readonly Tally[];
  labelOf: (response: string) => string;
  title: string;
}) {
  const slices = outcome.filter((t) => t.response !== ABSTAIN_RESPONSE);
  const total = validTotal(outcome);
  const colors = sliceColors(outcome);
  const r = 48;
  const description = slices
    .map((t) => `${labelOf(t.response)}: ${t.count} (${percentOf(t.count, total)}%)`)
    .join(', ');
  let start = 0;
  return (
    <figure className="flex min-w-0 flex-col items-center gap-2">
      <svg viewBox="-50 -50 100 100" className="size-36" role="img" aria-label={`${title}: ${description}`}>
        {slices.map((t, i) => {
          const fraction = total > 0 ? t.count / total : 0;
          const color = colors[i] ?? BASE[0];
          const from = start;
          start += fraction;
          if (fraction <= 0) return null;
          if (fraction >= 1) return <circle key={t.response} r={r} fill={color} />;
          const [x1, y1] = point(from, r);
          const [x2, y2] = point(from + fraction, r);
          const large = fraction > 0.5 ? 1 : 0;
          return (
            <path
              key={t.response}
              d={`M 0 0 L ${x1} ${y1} A ${r} ${r} 0 ${large} 1 ${x2} ${y2} Z`}
              fill={color}
              stroke="white"
              strokeWidth="0.5"
            />
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap justify-center gap-x-3 gap-y-1 text-xs" aria-hidden="true">
        {slices.map((t, i) => (
          // Custom responses run to 500 characters: long words wrap within the card.
          <span key={t.response} className="inline-flex min-w-0 max-w-full items-center gap-1 wrap-anywhere">
            <span
              className="inline-block size-3 shrink-0 rounded-sm"
              style={{ backgroundColor: colors[i] }}
            />
            {labelOf(t.response)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
