import { useQuery, type QueryKey } from "@tanstack/react-query";

interface Props {
  /** Under a list's key, so what refreshes the list (a change, the live feed) refreshes the count. */
  queryKey: QueryKey;
  count: () => Promise<number>;
  testId: string;
  /** What the number counts, for screen readers. */
  label: (count: number) => string;
}

/** A count in the menu, shown only when something waits. */
export function CountBadge({ queryKey, count: read, testId, label }: Props) {
  const { data: count } = useQuery({ queryKey, queryFn: read });
  if (!count) return null;
  return (
    <span className="adm-badge adm-nav-badge" data-testid={testId} aria-label={label(count)}>
      {count}
    </span>
  );
}
