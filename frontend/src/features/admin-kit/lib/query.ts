import { keepPreviousData, QueryClient, useMutation, useQuery, useQueryClient, type QueryKey, type UseMutationOptions } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { notify } from "./notify";

/** The back office's client until the site has one for the whole app (its provider is in AdminApp). */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: ADMIN_QUERY_DEFAULTS } });
}

// One try, no refetch when the window regains focus: what the screens did
// before, and what the e2e specs expect (a failed read shows its toast at once).
const ADMIN_QUERY_DEFAULTS = { retry: false, refetchOnWindowFocus: false } as const;

interface AdminQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** The screen's SPEC section 8 message, shown once per failed read; none for a silent read. */
  errorMessage?: string;
  enabled?: boolean;
  /** Keep the previous key's data while the next loads (the planning's windows). */
  keepPrevious?: boolean;
}

/** useQuery with the back office's defaults and its error toast. */
export function useAdminQuery<T>({ queryKey, queryFn, errorMessage, enabled = true, keepPrevious = false }: AdminQueryOptions<T>) {
  const query = useQuery({
    queryKey,
    queryFn,
    enabled,
    ...ADMIN_QUERY_DEFAULTS,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
  const { isError, errorUpdatedAt, error } = query;
  useEffect(() => {
    if (!isError) return;
    console.error(queryKey.join("/"), "read failed", error);
    if (errorMessage) notify.error(errorMessage);
    // Once per failure: errorUpdatedAt changes with each failed attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, errorUpdatedAt]);
  return query;
}

/**
 * Puts a row the database sent back (an update asked with `.select()`) into a
 * cached list, or takes one out, without reading the list again.
 */
export function useListCache() {
  const client = useQueryClient();
  return {
    replace<T extends { id: unknown }>(queryKey: QueryKey, row: T) {
      client.setQueryData<T[]>(queryKey, (prev) => prev?.map((x) => (x.id === row.id ? row : x)));
    },
    drop<T extends { id: unknown }>(queryKey: QueryKey, id: T["id"]) {
      client.setQueryData<T[]>(queryKey, (prev) => prev?.filter((x) => x.id !== id));
    },
  };
}

/**
 * useMutation whose isPending (and variables) are set in the click's own render.
 * TanStack Query reports a started mutation after a tick (its notifications are
 * batched), so a double click would reach a form still enabled and send twice
 * (e2e/admin-record.spec.ts double-clicks "Annuler et rembourser"). mutate()
 * never rejects: failures go to onError.
 */
export function useAdminMutation<TData, TVariables>(options: UseMutationOptions<TData, Error, TVariables>) {
  const mutation = useMutation(options);
  const [running, setRunning] = useState<{ variables: TVariables } | null>(null);
  const mutateAsync = (variables: TVariables): Promise<TData> => {
    setRunning({ variables });
    return mutation.mutateAsync(variables).finally(() => setRunning(null));
  };
  return {
    isPending: running !== null || mutation.isPending,
    variables: running ? running.variables : mutation.variables,
    mutateAsync,
    mutate: (variables: TVariables) => void mutateAsync(variables).catch(() => undefined),
  };
}
