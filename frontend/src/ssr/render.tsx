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
import { directionOf, isLanguageCode, LANGUAGES, type LanguageCode } from "../config/languages";
import { formatMonth, formattersFor, plainFormatters, weekdayNames } from "../lib/localeFormat";
import i18n from "../lib/i18n";
import { setPageData } from "../lib/pageData";
import { createQueryClient } from "../lib/query";

/**
 * One page as every visitor of its language sees it: no cookies, no query string
 * (what depends on them is the browser's, after hydration: lib/useHydrated.ts).
 */
export interface RenderInput {
  /** The path the router renders (no query string). */
  url: string;
  /** The path as the browser will show it (percent-encoded), the key of the data. */
  path: string;
  /** The page's language, as the server chose it (rental/website/lang.go: the site's rule). */
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

/** Pages that depend on what only the browser holds (the booking in progress, the back office, a traveller's own booking and review). */
const BROWSER_ONLY = /^\/(admin|booking|booking-success|booking-cancelled|my-booking|review)(\/|$)/;

export function renderPage(input: RenderInput): RenderOutput {
  const lang = isLanguageCode(input.lang) ? input.lang : "fr";
  const dir = directionOf(lang);
  if (BROWSER_ONLY.test(input.path)) return { html: "", lang, dir };
  setPageData({ path: input.path, lang, data: input.data ?? {} });
  void i18n.changeLanguage(lang);
  try {
    // The same tree as src/main.tsx under the server's router: hydration matches.
    // A cache per page: what one page read is never another's.
    const html = renderToString(
      <Suspense fallback={null}>
        <QueryClientProvider client={createQueryClient()}>
          <LanguageProvider>
            <StaticRouter location={input.url.split("?")[0]!}>
              <SiteRoutes />
            </StaticRouter>
          </LanguageProvider>
        </QueryClientProvider>
      </Suspense>,
    );
    return { html, lang, dir };
  } finally {
    setPageData(null);
  }
}

/** The VM's entry point: JSON in, JSON out. */
export function render(input: string): string {
  return JSON.stringify(renderPage(JSON.parse(input) as RenderInput));
}

/**
 * Routes rendered once per VM at start so their lazily imported pages are loaded: the
 * first call renders each as its fallback and starts loading its module, the server's
 * second call finds it loaded. One language is enough for that (a render costs
 * ~0.1–0.3 s in goja). Building an Intl formatter with the polyfills takes up to
 * seconds in goja, so each language's are built here too, not by a page's render.
 */
const WARM = ["/", "/vehicles", "/cars/-", "/blog", "/blog/-", "/contact", "/notre-agence", "/pourquoi-nous", "/location-courte-duree", "/location-longue-duree", "/conditions-de-location", "/confidentialite", "/mentions-legales", "/-/-"];

export function warm(): void {
  for (const url of WARM) renderPage({ url, path: url, lang: "fr", data: {} });
  for (const { code } of LANGUAGES) buildFormatters(code);
}

function buildFormatters(lang: LanguageCode): void {
  const f = formattersFor(lang);
  const day = "2026-01-31";
  const instant = "2026-01-31T10:00:00+00:00";
  void [f.price(1300.5), f.money(56.11, "EUR"), f.rate("EUR", 10.8), f.number(1300), f.percent(10), f.day(day), f.numericDay(day), f.shortDay(day), f.longDay(day), f.moment(`${day}T10:00`), f.instant(instant), f.instantDay(instant)];
  plainFormatters(lang).price(1300.5);
  formatMonth(lang, 2026, 0);
  weekdayNames(lang, "short");
  weekdayNames(lang, "long");
}
