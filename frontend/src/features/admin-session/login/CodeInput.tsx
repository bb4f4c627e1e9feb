import { useAdminTranslation } from "../../admin-kit";

interface Props {
  value: string;
  onChange: (v: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/**
 * The 6-digit TOTP code: one-time-code autocomplete (password managers and
 * phones fill it), numeric keyboard, no spell check. Wrapped in a Field, which
 * gives it its label, id and descriptions.
 */
export function CodeInput({ value, onChange, disabled, autoFocus, ...aria }: Props) {
  const { t } = useAdminTranslation();
  return (
    <input
      {...aria}
      type="text"
      name="one-time-code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      spellCheck={false}
      className="adm-input adm-input--code"
      placeholder="123456"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      autoFocus={autoFocus}
      data-testid="mfa-code"
      title={t("mfa.code")}
    />
  );
}
