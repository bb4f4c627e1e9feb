import { useTranslation } from "react-i18next";
import { directionOf } from "../config/languages";
import type { Localized } from "../lib/translated";

/**
 * The attributes of a block of agency content: its own language and direction
 * (French shown on an Arabic page reads left to right), and a marker for tests.
 */
export function contentAttrs(l: Localized<unknown>) {
  return { lang: l.lang, dir: directionOf(l.lang), "data-content-lang": l.lang };
}

/** "This text is only available in French", in the visitor's language, under a fallback block. */
export function InFrenchNote({ of }: { of: Localized<unknown> }) {
  const { t } = useTranslation();
  if (!of.fallback) return null;
  return (
    <p className="in-french" data-testid="in-french">
      {t("common.inFrench")}
    </p>
  );
}
