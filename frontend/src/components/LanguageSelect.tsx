import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../lib/LanguageProvider";
import { LANGUAGES, isLanguageCode } from "../config/languages";
import { Icon } from "./Icon";

export function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const id = useId();
  return (
    <div className={`lang-select ${className ?? ""}`}>
      <label htmlFor={id} className="visually-hidden">
        {t("nav.language")}
      </label>
      <Icon name="globe" size={18} />
      <select
        id={id}
        value={language}
        data-testid="language-select"
        onChange={(e) => {
          if (isLanguageCode(e.target.value)) setLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
  );
}
