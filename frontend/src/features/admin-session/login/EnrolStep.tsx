import { useEffect, useRef, useState, type FormEvent } from "react";
import { Field, Spinner, useAdminTranslation } from "../../admin-kit";
import * as auth from "../api";
import { useAdminSession } from "../context";
import { CodeInput } from "./CodeInput";
import { LoginCard } from "./LoginCard";
import { codeError, normalizeCode } from "./mfaCode";

/**
 * The first sign-in of an administrator without a second factor, when the
 * database requires one (ADMIN_MFA_REQUIRED): an authenticator app is added
 * (QR code, or the key typed by hand) and its first code opens the back office
 * at aal2.
 */
export function EnrolStep() {
  const { t } = useAdminTranslation();
  const { confirmEnrolment, signOut } = useAdminSession();
  const [enrolment, setEnrolment] = useState<auth.Enrolment | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // One enrolment per screen (React's development double effect included): two would race for the name.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        // An enrolment left unconfirmed (page closed, reloaded) would hold the name: drop it.
        for (const f of await auth.listTotpFactors()) {
          if (f.status !== "verified") await auth.unenroll(f.id);
        }
        setEnrolment(await auth.enrollTotp(t("mfa.friendlyName"), t("mfa.issuer")));
      } catch (e) {
        console.error("MFA enrolment failed", e);
        setLoadFailed(true);
      }
    })();
  }, [t]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!enrolment) return;
    const problem = codeError(code);
    setError(problem);
    if (problem) return;
    setBusy(true);
    setFailure(null);
    const res = await confirmEnrolment(enrolment.id, normalizeCode(code));
    if (!res.ok) {
      setFailure(res.message);
      setCode("");
      setBusy(false);
    }
    // On success the provider swaps this page for the admin area.
  }

  return (
    <div className="adm-login adm-login--single">
      <LoginCard
        titleId="adm-enrol-step-title"
        title={t("mfa.enrolStepTitle")}
        subtitle={t("mfa.enrolStepText")}
        error={loadFailed ? t("mfa.enrolError") : failure}
        errorTestId="mfa-error"
        onSubmit={submit}
      >
        {!enrolment && !loadFailed && <Spinner size="sm" label={t("common.loading")} />}
        {enrolment && (
          <>
            <p>{t("mfa.enrolStep1")}</p>
            <img className="adm-security__qr" src={enrolment.qrCode} alt={t("mfa.qrAlt")} width={200} height={200} />
            <p>
              {t("mfa.manualKey")}{" "}
              <code className="adm-security__key" data-testid="mfa-secret">
                {enrolment.secret}
              </code>
            </p>
            <p>{t("mfa.enrolStep2")}</p>
            <Field label={t("mfa.code")} error={error} hint={t("mfa.codeHint")} required>
              <CodeInput value={code} onChange={setCode} disabled={busy} />
            </Field>
            <button type="submit" className="adm-btn adm-btn--primary adm-btn--block" disabled={busy}>
              {busy ? <Spinner size="sm" label={t("mfa.confirming")} /> : t("mfa.confirm")}
            </button>
          </>
        )}
        <button type="button" className="adm-btn adm-btn--ghost adm-btn--block" onClick={() => void signOut()} disabled={busy}>
          {t("mfa.cancel")}
        </button>
      </LoginCard>
    </div>
  );
}
