import { QueryClient } from "@tanstack/react-query";

// One data layer for the site and the back office: TanStack Query
// caches each read under its key (a second page asking the same thing gets it
// without a request), shares loading and error state, and runs writes as
// mutations. The browser has one client (app/App.tsx); the server render makes
// one per page (ssr/render.tsx), where nothing is fetched: a query the server
// rendered the page with starts from that data (lib/pageData.ts, `initialData`),
// the others render their loading state as before, and the browser's hydration
// shows the same.

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The site's reads answer a fallback themselves (sample fleet, empty list,
        // null) instead of throwing, so a retry would only delay that answer.
        retry: false,
        // Cars, posts and prices change a few times a day: a minute of cache spares
        // the back-and-forth between pages a request, and no refetch on focus moves
        // a page the visitor is reading.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
