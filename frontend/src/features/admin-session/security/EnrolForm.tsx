import type { FormEvent } from "react";
import { FormActions, useAdminTranslation } from "../../admin-kit";
import { EnrolmentKey } from "../login/EnrolmentKey";
import { useCodeField } from "../login/useCodeStep";
import * as auth from "../api";

interface Props {
  enrolment: auth.Enrolment;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  /** The code confirmed the factor (verified now). */
  onConfirmed: () => Promise<void>;
  /** The enrolment was given up (its unverified factor removed). */
  onCancelled: () => void;
}

/** An authenticator app being added: its QR code and key, shown once, and the code that confirms it. */
export function EnrolForm({ enrolment, busy, setBusy, onConfirmed, onCancelled }: Props) {
  const { t } = useAdminTranslation();
  const { code, setCode, error, setError, checked } = useCodeField();

  async function confirm(e: FormEvent) {
    e.preventDefault();
    const typed = checked();
    if (typed === null) return;
    setBusy(true);
    const res = await auth.verifyTotp(enrolment.id, typed);
    setBusy(false);
    if (!res.ok) {
      setError(res.code === "mfa_verification_failed" ? t("mfa.wrongCode") : res.message || t("mfa.enrolError"));
      return;
    }
    await onConfirmed();
  }

  async function cancel() {
    setBusy(true);
    await auth.unenroll(enrolment.id).catch((e: unknown) => console.error("MFA enrolment cancel failed", e));
    setBusy(false);
    onCancelled();
  }

  return (
    <form className="adm-security__enrol" onSubmit={confirm} noValidate aria-labelledby="adm-enrol-title">
      <h3 id="adm-enrol-title" className="adm-security__subtitle">
        {t("mfa.enrolTitle")}
      </h3>
      <EnrolmentKey enrolment={enrolment} code={code} onCode={setCode} error={error} busy={busy} />
      <FormActions
        className="adm-security__actions"
        onCancel={() => void cancel()}
        cancelLabel={t("mfa.cancelEnrol")}
        busy={busy}
        busyLabel={t("mfa.confirming")}
        submitLabel={t("mfa.confirm")}
      />
    </form>
  );
}
