import { useState, type FormEvent } from "react";
import { Field, FormActions, useAdminTranslation } from "../../admin-kit";
import { CodeInput } from "../login/CodeInput";
import { codeError, normalizeCode } from "../login/mfaCode";
import * as auth from "../api";

/** A new authenticator app to confirm; an enrolment left unconfirmed (page closed) would hold the name, so it goes first. */
export async function newEnrolment(friendlyName: string, issuer: string): Promise<auth.Enrolment> {
  for (const f of await auth.listTotpFactors()) {
    if (f.status !== "verified") await auth.unenroll(f.id);
  }
  return auth.enrollTotp(friendlyName, issuer);
}

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
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();

  async function confirm(e: FormEvent) {
    e.preventDefault();
    const problem = codeError(code);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const res = await auth.verifyTotp(enrolment.id, normalizeCode(code));
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
