// The server bundle (vite.ssr.config.ts → dist/ssr/render.js): the Go server
// (server/ssr) runs it in an embedded JavaScript VM to answer the public pages with
// HTML that already shows them; the browser then hydrates (src/main.tsx).
import "./web-globals";
import "./intl";
import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { SiteRoutes } from "../app/App";
import { LanguageProvider } from "../app/LanguageProvider";
import { directionOf } from "../config/languages";
import { CONSENT_COOKIE } from "../lib/consent";
import { getCookie, setRequestCookies } from "../lib/cookies";
import { detectLanguage, LANGUAGE_COOKIE } from "../lib/language";
import i18n from "../lib/i18n";
import { setPageData } from "../lib/pageData";

export interface RenderInput {
  /** Path and query, as requested. */
  url: string;
  /** The path as the browser will show it (percent-encoded), the key of the data. */
  path: string;
  cookies: string;
  /** The request's Accept-Language header. */
  acceptLanguage: string;
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

/** "ar-MA,ar;q=0.9,fr;q=0.8" → ["ar-MA", "ar", "fr"], by preference. */
function acceptedLanguages(header: string): string[] {
  return header
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.tag && x.tag !== "*" && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((x) => x.tag);
}

/** The browser's rule (lib/language.ts), with Accept-Language for navigator.languages. Cookies set. */
function languageOf({ url, acceptLanguage }: Pick<RenderInput, "url" | "acceptLanguage">) {
  const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  return detectLanguage(getCookie(LANGUAGE_COOKIE), acceptedLanguages(acceptLanguage), new URLSearchParams(query).get("lang"));
}

export function renderPage(input: RenderInput): RenderOutput {
  setRequestCookies(input.cookies);
  const lang = languageOf(input);
  const dir = directionOf(lang);
  if (BROWSER_ONLY.test(input.path)) {
    setRequestCookies(null);
    return { html: "", lang, dir };
  }
  setPageData({ path: input.path, lang, data: input.data ?? {} });
  void i18n.changeLanguage(lang);
  try {
    // The same tree as src/main.tsx under the server's router: hydration matches.
    const html = renderToString(
      <Suspense fallback={null}>
        <LanguageProvider>
          <StaticRouter location={input.url}>
            <SiteRoutes />
          </StaticRouter>
        </LanguageProvider>
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
  const { url, cookies, acceptLanguage } = JSON.parse(input) as RenderInput;
  setRequestCookies(cookies);
  try {
    return `${languageOf({ url, acceptLanguage })}|${getCookie(CONSENT_COOKIE) ?? ""}`;
  } finally {
    setRequestCookies(null);
  }
}

/** Pages worth rendering for first visits before anyone asks (server/ssr prerender). */
export function prerender(): string {
  const pages = ["/", "/vehicles", "/blog"].flatMap((url) => ["fr", "en", "ar"].map((acceptLanguage) => ({ url, acceptLanguage })));
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
  for (const acceptLanguage of ["fr", "en", "ar"])
    for (const url of WARM) renderPage({ url, path: url, cookies: "", acceptLanguage, data: {} });
}
