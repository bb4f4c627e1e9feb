import { useMemo } from "react";
import { useLanguage } from "../app/LanguageProvider";
import type { LanguageCode } from "../config/languages";
import { formatAmount, formatDay, formatLongDay, formatMoment, formatNumber, formatNumericDay, formatPercent, formatShortDay } from "./localeFormat";

export interface Formatters {
  language: LanguageCode;
  price: (amount: number) => string;
  number: (n: number) => string;
  percent: (percent: number) => string;
  day: (value: string) => string;
  numericDay: (value: string) => string;
  shortDay: (value: string) => string;
  longDay: (value: string) => string;
  moment: (value: string) => string;
}

/** The formatters of lib/localeFormat.ts bound to the visitor's language. */
export function useFormat(): Formatters {
  const { language } = useLanguage();
  return useMemo(() => formattersFor(language), [language]);
}

export function formattersFor(language: LanguageCode): Formatters {
  return {
    language,
    price: (a) => formatAmount(language, a),
    number: (n) => formatNumber(language, n),
    percent: (p) => formatPercent(language, p),
    day: (v) => formatDay(language, v),
    numericDay: (v) => formatNumericDay(language, v),
    shortDay: (v) => formatShortDay(language, v),
    longDay: (v) => formatLongDay(language, v),
    moment: (v) => formatMoment(language, v),
  };
}
