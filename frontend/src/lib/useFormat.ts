import { useMemo } from "react";
import { useLanguage } from "./LanguageProvider";
import { formattersFor, type Formatters } from "./localeFormat";

export { formattersFor, type Formatters };

/** The formatters of lib/localeFormat.ts bound to the visitor's language. */
export function useFormat(): Formatters {
  const { language } = useLanguage();
  return useMemo(() => formattersFor(language), [language]);
}

