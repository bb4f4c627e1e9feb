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

const NONE = new URLSearchParams();

/**
 * react-router's useSearchParams as the server saw it while hydrating (none: a page's
 * markup is the same whatever its query string), the browser's from then on.
 */
export function useSearchParamsAfterHydration(): ReturnType<typeof useSearchParams> {
  const [params, setParams] = useSearchParams();
  return [useHydrated() ? params : NONE, setParams];
}
