// The server bundle's i18n (replaces lib/i18n.ts in src/ssr: see vite.ssr.config.ts):
// every language's strings are in the bundle and ready at once, so a render never
// waits; the page's language is set before each render.
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import type { LanguageCode } from "../config/languages";
import ar from "../../locales/ar.json";
import en from "../../locales/en.json";
import fr from "../../locales/fr.json";
import arLegal from "../../locales/legal/ar.json";
import enLegal from "../../locales/legal/en.json";
import frLegal from "../../locales/legal/fr.json";

export const initialLanguage: LanguageCode = "fr";

void i18n.use(initReactI18next).init({
  lng: initialLanguage,
  supportedLngs: ["fr", "en", "ar"],
  fallbackLng: false,
  load: "languageOnly",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  resources: {
    fr: { translation: fr, legal: frLegal },
    en: { translation: en, legal: enLegal },
    ar: { translation: ar, legal: arLegal },
  },
  react: { useSuspense: false },
});

export function chooseLanguage(code: LanguageCode): Promise<unknown> {
  return i18n.changeLanguage(code);
}

export default i18n;
