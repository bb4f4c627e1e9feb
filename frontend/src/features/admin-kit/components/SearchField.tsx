import { useAdminTranslation } from "../i18n";
import { IconSearch } from "./icons";

/** A list's search box: the magnifier, a name for screen readers, the input. */
export function SearchField({ placeholder, value, onChange }: { placeholder: string; value: string; onChange: (value: string) => void }) {
  const { t } = useAdminTranslation();
  return (
    <label className="adm-search">
      <IconSearch size={18} />
      <span className="visually-hidden">{t("common.search")}</span>
      <input type="search" className="adm-input" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
