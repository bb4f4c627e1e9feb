// The server bundle (vite.ssr.config.ts → dist/ssr/render.js): the Go server
// (server/ssr) runs it in an embedded JavaScript VM to answer the public pages with
// HTML that already shows them; the browser then hydrates (src/main.tsx).
import "./web-globals";
import "./intl";
import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { SiteRoutes } from "../app/App";
import { LanguageProvider } from "../lib/LanguageProvider";
import { directionOf, isLanguageCode } from "../config/languages";
import { CONSENT_COOKIE } from "../lib/consent";
import { getCookie, setRequestCookies } from "../lib/cookies";
import i18n from "../lib/i18n";
import { setPageData } from "../lib/pageData";
import { createQueryClient } from "../lib/query";

export interface RenderInput {
  /** Path and query, as requested. */
  url: string;
  /** The path as the browser will show it (percent-encoded), the key of the data. */
  path: string;
  cookies: string;
  /** The page's language, as the server chose it (server/lang.go: the site's rule). */
  lang: string;
  /** public.page_data(path): what the page shows. */
  data: Record<string, unknown> | null;
}

export interface RenderOutput {
  /** The markup of #root; empty when the page is the browser's alone. */
  html: string;
  lang: string;
  dir: string;
}

/** Pages that depend on what only the browser holds (the booking in progress, the back office). */
const BROWSER_ONLY = /^\/(admin|booking|booking-success|booking-cancelled)(\/|$)/;

export function renderPage(input: RenderInput): RenderOutput {
  const lang = isLanguageCode(input.lang) ? input.lang : "fr";
  const dir = directionOf(lang);
  if (BROWSER_ONLY.test(input.path)) return { html: "", lang, dir };
  setRequestCookies(input.cookies);
  setPageData({ path: input.path, lang, data: input.data ?? {} });
  void i18n.changeLanguage(lang);
  try {
    // The same tree as src/main.tsx under the server's router: hydration matches.
    // A cache per page: what one visitor's page read is never another's.
    const html = renderToString(
      <Suspense fallback={null}>
        <QueryClientProvider client={createQueryClient()}>
          <LanguageProvider>
            <StaticRouter location={input.url}>
              <SiteRoutes />
            </StaticRouter>
          </LanguageProvider>
        </QueryClientProvider>
      </Suspense>,
    );
    return { html, lang, dir };
  } finally {
    setPageData(null);
    setRequestCookies(null);
  }
}

/**
 * What of the request, besides the page and its data, changes the markup: the
 * language and the consent card's state. The server caches renders by it.
 */
export function variant(input: string): string {
  const { cookies, lang } = JSON.parse(input) as RenderInput;
  setRequestCookies(cookies);
  try {
    return `${lang}|${getCookie(CONSENT_COOKIE) ?? ""}`;
  } finally {
    setRequestCookies(null);
  }
}

/** Pages worth rendering for first visits before anyone asks (server/ssr prerender). */
export function prerender(): string {
  const pages = ["/", "/vehicles", "/blog"].flatMap((url) => ["fr", "en", "ar"].map((lang) => ({ url, lang })));
  return JSON.stringify(pages);
}

/** The VM's entry point: JSON in, JSON out. */
export function render(input: string): string {
  return JSON.stringify(renderPage(JSON.parse(input) as RenderInput));
}

/**
 * Routes rendered once per VM at start, in each language, so their lazily imported
 * pages are loaded and each language's formatters are built before a visitor waits.
 */
const WARM = ["/", "/vehicles", "/cars/-", "/blog", "/blog/-", "/contact", "/notre-agence", "/pourquoi-nous", "/location-courte-duree", "/location-longue-duree", "/conditions-de-location", "/confidentialite", "/mentions-legales", "/-/-"];

export function warm(): void {
  for (const lang of ["fr", "en", "ar"])
    for (const url of WARM) {
      try {
        renderPage({ url, path: url, cookies: "", lang, data: {} });
      } catch (e) {
        // Preact's synchronous renderToString refuses a page whose lazy module is still
        // loading (React rendered the fallback); the server's second warm() finds it loaded.
        if (!/suspense/i.test(String(e))) throw e;
      }
    }
}
