import { useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";

const never = () => () => {};

/**
 * What the browser reads (a cookie, the address) once the server's markup is adopted;
 * the server's value while React adopts it (and on the server). Where both are the
 * same, nothing is rendered again after hydration (React re-renders synchronously,
 * in one long task, where a store's server and browser values differ). `read` must
 * return the same value (a string, a boolean) while nothing changed.
 */
export function useAfterHydration<T>(read: () => T, server: T): T {
  return useSyncExternalStore(never, read, () => server);
}

/**
 * False while React adopts the server's markup (and on the server), true in every
 * later render. The server renders each page once for every visitor of a language
 * (no cookies, no query string); what depends on the visitor is read only once this
 * is true, so hydration finds exactly the server's markup and then adds it.
 */
export function useHydrated(): boolean {
  return useAfterHydration(() => true, false);
}

/**
 * react-router's useSearchParams as the server saw it while hydrating (none: a page's
 * markup is the same whatever its query string), the browser's from then on; a page
 * opened without a query is not rendered again.
 */
export function useSearchParamsAfterHydration(): ReturnType<typeof useSearchParams> {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const seen = useAfterHydration(() => query, "");
  return [seen === query ? params : new URLSearchParams(seen), setParams];
}
