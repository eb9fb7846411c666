import { Input } from '@/components/ui/input';

/** A long list's search box, 'Search {noun}' (the list filters itself with lib/search's matchesWords). */
export function ListSearch({
  noun,
  value,
  onChange,
  className,
}: {
  /** What the list holds, plural: 'members'. */
  noun: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const label = `Search ${noun}`;
  return (
    <Input
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={label}
      aria-label={label}
      className={className}
    />
  );
}

/** What a search that leaves nothing says. */
export const noMatchesText = (noun: string) => `No ${noun} match your search`;
