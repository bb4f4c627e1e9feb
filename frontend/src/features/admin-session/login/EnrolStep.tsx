import { useEffect, useRef, useState } from "react";
import { Spinner, useAdminTranslation } from "../../admin-kit";
import * as auth from "../api";
import { useAdminSession } from "../context";
import { EnrolmentKey } from "./EnrolmentKey";
import { LoginCard } from "./LoginCard";
import { useCodeStep } from "./useCodeStep";

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
  const { code, setCode, error, failure, busy, submit } = useCodeStep(enrolment && ((typed) => confirmEnrolment(enrolment.id, typed)));

  // One enrolment per screen (React's development double effect included): two would race for the name.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        setEnrolment(await auth.newEnrolment(t("mfa.friendlyName"), t("mfa.issuer")));
      } catch (e) {
        console.error("MFA enrolment failed", e);
        setLoadFailed(true);
      }
    })();
  }, [t]);

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
            <EnrolmentKey enrolment={enrolment} code={code} onCode={setCode} error={error} busy={busy} />
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
