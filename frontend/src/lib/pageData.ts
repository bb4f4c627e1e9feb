// Data the server rendered the page with (HTML with content). The Go
// server runs public.page_data(path) as anon, renders the page with it and puts
// the same JSON into the HTML (<script id="page-data">), so the browser's first
// render shows — and hydrates — exactly what the HTML shows, without a second
// fetch. The data belongs to one path: a page reads it only while the browser is
// still on that path (a client-side navigation to another car loads its own).

export interface PageData {
  /** The path the data was read for (as the browser shows it: percent-encoded). */
  path: string;
  /** The language the server rendered in. */
  lang: string;
  data: Record<string, unknown>;
  /**
   * The data changed after the page was rendered (the server renders it again in
   * the background, rental/website/pagerender.go): show what the HTML shows, then read afresh.
   */
  stale?: boolean;
}

let current: PageData | null = null;
let serverPath: string | null = null;

function readEmbedded(): PageData | null {
  if (typeof document === "undefined") return null;
  const el = document.getElementById("page-data");
  if (!el?.textContent) return null;
  try {
    const parsed = JSON.parse(el.textContent) as PageData;
    return parsed && typeof parsed.path === "string" && parsed.data ? parsed : null;
  } catch {
    return null;
  }
}

current = readEmbedded();

/** Whether the server's markup in the document was rendered for the path the browser is on. */
export function renderedHere(): boolean {
  return readEmbedded()?.path === location.pathname;
}

/** Server side: the page about to be rendered and its data. */
export function setPageData(page: PageData | null): void {
  current = page;
  serverPath = page?.path ?? null;
}

function here(): string | null {
  if (serverPath !== null) return serverPath;
  return typeof location === "undefined" ? null : location.pathname;
}

/** The server's data for key, if this page was rendered with it. */
export function pageData<T>(key: string): T | undefined {
  if (!current) return undefined;
  if (current.path !== here()) {
    // Once the browser has left the page, its data is history: coming back loads afresh.
    if (serverPath === null) current = null;
    return undefined;
  }
  return key in current.data ? (current.data[key] as T) : undefined;
}

/**
 * When the server's data was read, as TanStack Query's initialDataUpdatedAt: 0 (long
 * ago) when the server marked it stale, so the query refetches right after the
 * hydration that used it; otherwise the default (now).
 */
export function pageDataUpdatedAt(): number | undefined {
  return current?.stale && current.path === here() ? 0 : undefined;
}

/** The language the server rendered this page in, if it did. */
export function serverLanguage(): string | undefined {
  return current?.lang;
}
