import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { directionOf, isLanguageCode, type Direction, type LanguageCode } from "../config/languages";
import { chooseLanguage } from "./i18n";

interface LanguageValue {
  language: LanguageCode;
  dir: Direction;
  setLanguage: (code: LanguageCode) => void;
}

const LanguageContext = createContext<LanguageValue | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const current = isLanguageCode(i18n.language) ? i18n.language : "en";
  const value = useMemo<LanguageValue>(
    () => ({ language: current, dir: directionOf(current), setLanguage: (c) => void chooseLanguage(c) }),
    [current],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageValue {
  const v = useContext(LanguageContext);
  if (!v) throw new Error("useLanguage must be used within a LanguageProvider");
  return v;
}
