import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { tabAfterKey, tabAttributes } from "../../../components/Tabs";
import { useAdminTranslation } from "../i18n";

// Tabs of a form's agency content, one per language: French (the
// source, required) then English and Arabic, each marked when its translation is
// missing or incomplete. A panel mounts when first shown and then stays mounted
// (hidden when not active), so an editor keeps its text and undo history while
// another language is shown, and a form opens with one editor, not three.

export type ContentLanguage = "fr" | "en" | "ar";
export const CONTENT_LANGUAGES: readonly ContentLanguage[] = ["fr", "en", "ar"];
export type TranslationState = "complete" | "partial" | "missing";

interface Props {
  active: ContentLanguage;
  onChange: (lang: ContentLanguage) => void;
  /** The state of the English and Arabic translations. */
  states: Record<Exclude<ContentLanguage, "fr">, TranslationState>;
  /** One panel's fields; rendered for each language. */
  children: (lang: ContentLanguage) => ReactNode;
  testId?: string;
}

export function LanguageTabs({ active, onChange, states, children, testId }: Props) {
  const { t } = useAdminTranslation();
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const [shown, setShown] = useState<ReadonlySet<ContentLanguage>>(() => new Set([active]));
  if (!shown.has(active)) setShown(new Set([...shown, active]));
  function onKey(e: KeyboardEvent) {
    const next = tabAfterKey(e.key, CONTENT_LANGUAGES.indexOf(active), CONTENT_LANGUAGES.length);
    if (next === null) return;
    e.preventDefault();
    onChange(CONTENT_LANGUAGES[next]!);
    refs.current[next]?.focus();
  }
  return (
    <div className="adm-langtabs" data-testid={testId}>
      <div role="tablist" aria-label={t("contentLanguages.tablist")} className="adm-langtabs__list" onKeyDown={onKey}>
        {CONTENT_LANGUAGES.map((lang, i) => {
          const state = lang === "fr" ? "complete" : states[lang];
          return (
            <button
              key={lang}
              ref={(el) => {
                refs.current[i] = el;
              }}
              {...tabAttributes(`${id}-tab-${lang}`, `${id}-panel-${lang}`, lang === active)}
              className="adm-langtabs__tab"
              data-lang={lang}
              data-state={state}
              onClick={() => onChange(lang)}
            >
              {t(`contentLanguages.names.${lang}`)}
              {state !== "complete" && (
                <span className={`adm-langtabs__missing adm-langtabs__missing--${state}`}>{state === "missing" ? t("contentLanguages.missing") : t("contentLanguages.partial")}</span>
              )}
            </button>
          );
        })}
      </div>
      {CONTENT_LANGUAGES.map((lang) => (
        <div
          key={lang}
          role="tabpanel"
          id={`${id}-panel-${lang}`}
          aria-labelledby={`${id}-tab-${lang}`}
          hidden={lang !== active}
          className="adm-langtabs__panel"
          data-lang={lang}
        >
          <p className="adm-field__hint">{lang === "fr" ? t("contentLanguages.frenchHint") : t("contentLanguages.translationHint", { name: t(`contentLanguages.names.${lang}`).toLowerCase() })}</p>
          {shown.has(lang) && children(lang)}
        </div>
      ))}
    </div>
  );
}

/** The table's mark of a row's translations: EN and AR, struck through when missing. */
export function LanguageBadges({ states }: { states: Record<Exclude<ContentLanguage, "fr">, TranslationState> }) {
  const { t } = useAdminTranslation();
  return (
    <span className="adm-lang-badges" data-testid="language-badges">
      {(["en", "ar"] as const).map((lang) => {
        const ok = states[lang] === "complete";
        return (
          <abbr
            key={lang}
            className={`adm-lang-badge${ok ? "" : " adm-lang-badge--missing"}`}
            title={ok ? t("contentLanguages.translated", { name: t(`contentLanguages.names.${lang}`) }) : t("contentLanguages.untranslated", { name: t(`contentLanguages.names.${lang}`) })}
            data-lang={lang}
            data-state={states[lang]}
          >
            {lang.toUpperCase()}
          </abbr>
        );
      })}
    </span>
  );
}
