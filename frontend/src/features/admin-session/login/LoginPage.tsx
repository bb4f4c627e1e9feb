import { useState, type FormEvent } from "react";
import { Field, IconCar, IconCheck, IconEye, IconEyeOff, Spinner, useAdminTranslation, useValidation } from "../../admin-kit";
import { useAdminSession } from "../context";
import { LoginCard } from "./LoginCard";
import { validateLogin, type LoginValues } from "./loginForm";

export function LoginPage({ notice }: { notice: string | null }) {
  const { t } = useAdminTranslation();
  const { signIn } = useAdminSession();
  const [values, setValues] = useState<LoginValues>({ email: "", password: "" });
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const message = failure ?? notice;
  const { errors, check } = useValidation(values, validateLogin);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!check()) return;
    setBusy(true);
    setFailure(null);
    const res = await signIn(values.email, values.password);
    if (!res.ok) {
      setFailure(res.message);
      setBusy(false);
    }
    // On success the provider swaps this page for the admin area.
  }

  return (
    <div className="adm-login">
      <aside className="adm-login__aside">
        <div className="adm-login__brand">
          <IconCar size={28} />
          <span>{t("shell.brand")}</span>
        </div>
        <h2 className="adm-login__pitch">{t("login.marketingTitle")}</h2>
        <p>{t("login.marketingText")}</p>
        <ul className="adm-login__points">
          {(["login.marketingPoints1", "login.marketingPoints2", "login.marketingPoints3"] as const).map((key) => (
            <li key={key}>
              <IconCheck size={18} /> {t(key)}
            </li>
          ))}
        </ul>
      </aside>
      <LoginCard titleId="adm-login-title" title={t("login.title")} subtitle={t("login.subtitle")} error={message} errorTestId="login-error" onSubmit={submit}>
        <Field label={t("login.email")} error={errors.email} required>
          <input
            type="email"
            name="email"
            autoComplete="username"
            className="adm-input"
            placeholder={t("login.emailPlaceholder")}
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.target.value })}
            disabled={busy}
          />
        </Field>
        <Field label={t("login.password")} error={errors.password} required>
          <PasswordInput
            value={values.password}
            show={showPassword}
            onToggle={() => setShowPassword((s) => !s)}
            onChange={(password) => setValues({ ...values, password })}
            disabled={busy}
          />
        </Field>
        <button type="submit" className="adm-btn adm-btn--primary adm-btn--block" disabled={busy}>
          {busy ? <Spinner size="sm" label={t("login.busy")} /> : t("login.submit")}
        </button>
        <p className="adm-login__note">{t("login.adminsOnly")}</p>
        <p className="adm-login__hint">{t("login.contactHint")}</p>
      </LoginCard>
    </div>
  );
}

interface PasswordInputProps {
  value: string;
  show: boolean;
  disabled: boolean;
  onToggle: () => void;
  onChange: (v: string) => void;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

function PasswordInput({ value, show, disabled, onToggle, onChange, ...aria }: PasswordInputProps) {
  const { t } = useAdminTranslation();
  return (
    <div className="adm-password">
      <input
        {...aria}
        type={show ? "text" : "password"}
        name="password"
        autoComplete="current-password"
        className="adm-input"
        placeholder={t("login.passwordPlaceholder")}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
      />
      <button
        type="button"
        className="adm-password__toggle"
        onClick={onToggle}
        aria-label={show ? t("login.hidePassword") : t("login.showPassword")}
        aria-pressed={show}
      >
        {show ? <IconEyeOff size={18} /> : <IconEye size={18} />}
      </button>
    </div>
  );
}
