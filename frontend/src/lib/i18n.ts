import i18n, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import { directionOf, isLanguageCode, type LanguageCode } from "../config/languages";
import { getCookie, setCookie } from "./cookies";
import { detectLanguage, LANGUAGE_COOKIE } from "./language";
import { serverLanguage } from "./pageData";

// Each language's strings are their own chunk, so a visitor downloads one; the strings
// of the pages other than "/" are another (the namespace "pages", split at build:
// vite.config.ts), loaded with those pages (app/App.tsx).
const loaders = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*.json", { query: "?part=site" });
const pageLoaders = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*.json", { query: "?part=pages" });
// Namespaces other than the default one ("legal": the legal pages' texts) are
// loaded only by the pages that ask for them (useTranslation("legal")).
const namespaceLoaders = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json");

const lazyLocales: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load =
      namespace === "translation"
        ? loaders[`../../locales/${language}.json`]
        : namespace === "pages"
          ? pageLoaders[`../../locales/${language}.json`]
          : namespaceLoaders[`../../locales/${namespace}/${language}.json`];
    if (!load) {
      callback(new Error(`no strings for ${language}`), false);
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), false),
    );
  },
};

/** The one languageChanged handler: <html lang dir> follow the language. */
function applyToDocument(language: string): void {
  if (typeof document === "undefined") return; // unit tests in Node import modules that import this one
  const code = isLanguageCode(language) ? language : "en";
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}

// A page the server rendered keeps the language it was rendered in (the server
// chose it by the same rule), so hydration finds the same words.
const rendered = serverLanguage();
export const initialLanguage: LanguageCode = isLanguageCode(rendered) ? rendered : detectLanguage(
  getCookie(LANGUAGE_COOKIE),
  typeof navigator === "undefined" ? [] : navigator.languages?.length ? navigator.languages : [navigator.language],
  typeof location === "undefined" ? null : new URLSearchParams(location.search).get("lang"),
);

i18n.on("languageChanged", applyToDocument);

void i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: initialLanguage,
    supportedLngs: ["fr", "en", "ar"],
    // Every key exists in every language (a unit test checks), so no second file.
    fallbackLng: false,
    // A key of the default namespace is also looked up in the pages' strings once loaded.
    fallbackNS: "pages",
    load: "languageOnly",
    // Keys never name their namespace ("ns:key"; pages pick theirs with
    // useTranslation): said outright, i18next skips the test it otherwise runs on
    // every key to guess whether it does — a measurable share of a page's hydration.
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

/** A visitor's explicit choice: remembered for 365 days (SPEC section 9). */
export function chooseLanguage(code: LanguageCode): Promise<unknown> {
  setCookie(LANGUAGE_COOKIE, code);
  return i18n.changeLanguage(code);
}

export default i18n;
