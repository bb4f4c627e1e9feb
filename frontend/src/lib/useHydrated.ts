import { useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";

const never = () => () => {};

/**
 * False while React adopts the server's markup (and on the server), true in every
 * later render. The server renders each page once for every visitor of a language
 * (no cookies, no query string); what depends on the visitor is read only once this
 * is true, so hydration finds exactly the server's markup and then adds it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * react-router's useSearchParams as the server saw it while hydrating (none: a page's
 * markup is the same whatever its query string), the browser's from then on. The
 * snapshot is the query itself, so a page opened without one is not rendered a second
 * time after hydration (React re-renders synchronously, in one long task, when a
 * store's server and browser snapshots differ).
 */
export function useSearchParamsAfterHydration(): ReturnType<typeof useSearchParams> {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const seen = useSyncExternalStore(
    never,
    () => query,
    () => "",
  );
  return [seen === query ? params : new URLSearchParams(seen), setParams];
}
