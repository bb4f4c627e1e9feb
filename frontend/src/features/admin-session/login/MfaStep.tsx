import { Field, Spinner, useAdminTranslation } from "../../admin-kit";
import { useAdminSession } from "../context";
import { CodeInput } from "./CodeInput";
import { LoginCard } from "./LoginCard";
import { useCodeStep } from "./useCodeStep";

/** The sign-in's second step: the 6-digit code of the administrator's authenticator app. */
export function MfaStep() {
  const { t } = useAdminTranslation();
  const { verifyCode, signOut } = useAdminSession();
  const { code, setCode, error, failure, busy, submit } = useCodeStep(verifyCode);

  return (
    <div className="adm-login adm-login--single">
      <LoginCard titleId="adm-mfa-title" title={t("mfa.stepTitle")} subtitle={t("mfa.stepText")} error={failure} errorTestId="mfa-error" onSubmit={submit}>
        <Field label={t("mfa.code")} error={error} hint={t("mfa.codeHint")} required>
          <CodeInput value={code} onChange={setCode} disabled={busy} autoFocus />
        </Field>
        <button type="submit" className="adm-btn adm-btn--primary adm-btn--block" disabled={busy}>
          {busy ? <Spinner size="sm" label={t("mfa.verifying")} /> : t("mfa.verify")}
        </button>
        <button type="button" className="adm-btn adm-btn--ghost adm-btn--block" onClick={() => void signOut()} disabled={busy}>
          {t("mfa.cancel")}
        </button>
        <p className="adm-login__hint">{t("mfa.lostDevice")}</p>
      </LoginCard>
    </div>
  );
}
