/* eslint-disable max-lines-per-function -- over the house limit since before the rule: the second factor's enrol, verify and remove steps in one body; to split per step. */
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formatDate } from "../../../lib/format";
import { adminKeys, ConfirmDialog, Field, FormActions, IconShield, notify, Spinner, useAdminQuery, useAdminTranslation } from "../../admin-kit";
import { CodeInput } from "../login/CodeInput";
import { codeError, normalizeCode } from "../login/mfaCode";
import * as auth from "../api";

type State =
  | { kind: "loading" }
  | { kind: "off" }
  | { kind: "on"; factor: auth.TotpFactor }
  | { kind: "enrolling"; enrolment: auth.Enrolment };

/** The signed-in administrator's verified TOTP factor, if any. */
async function verifiedFactor(): Promise<auth.TotpFactor | null> {
  return (await auth.listTotpFactors()).find((f) => f.status === "verified") ?? null;
}

/**
 * "Sécurité / Double authentification": the signed-in administrator adds an
 * authenticator app (QR code and key shown once, a code confirms it), sees it,
 * and can remove it. Once it is verified the database wants aal2 for this
 * account (is_admin()), and the sign-in asks for the code.
 */
export function SecuritySection({ onChange }: { onChange?: () => void }) {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  // The factor is read through the cache (adminKeys.ownFactors); an enrolment in progress is this form's own.
  const factor = useAdminQuery({ queryKey: adminKeys.ownFactors, queryFn: verifiedFactor, errorMessage: t("mfa.loadError") });
  const [enrolment, setEnrolment] = useState<auth.Enrolment | null>(null);
  const state: State = enrolment
    ? { kind: "enrolling", enrolment }
    : factor.isPending
      ? { kind: "loading" }
      : factor.data
        ? { kind: "on", factor: factor.data }
        : { kind: "off" };
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);


  async function start() {
    setBusy(true);
    try {
      // An enrolment left unconfirmed (page closed) would hold the name: drop it.
      for (const f of await auth.listTotpFactors()) {
        if (f.status !== "verified") await auth.unenroll(f.id);
      }
      const enrolment = await auth.enrollTotp(t("mfa.friendlyName"), t("mfa.issuer"));
      setCode("");
      setError(undefined);
      setEnrolment(enrolment);
    } catch (e) {
      console.error("MFA enrolment failed", e);
      notify.error(t("mfa.enrolError"));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (state.kind !== "enrolling") return;
    const problem = codeError(code);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const res = await auth.verifyTotp(state.enrolment.id, normalizeCode(code));
    setBusy(false);
    if (!res.ok) {
      setError(res.code === "mfa_verification_failed" ? t("mfa.wrongCode") : res.message || t("mfa.enrolError"));
      return;
    }
    notify.success(t("mfa.enabled"));
    await client.invalidateQueries({ queryKey: adminKeys.ownFactors });
    setEnrolment(null);
    onChange?.();
  }

  async function cancel() {
    if (state.kind !== "enrolling") return;
    setBusy(true);
    await auth.unenroll(state.enrolment.id).catch((e: unknown) => console.error("MFA enrolment cancel failed", e));
    setBusy(false);
    setEnrolment(null);
  }

  async function remove() {
    if (state.kind !== "on") return;
    setBusy(true);
    try {
      await auth.unenroll(state.factor.id);
      notify.success(t("mfa.removed"));
      client.setQueryData(adminKeys.ownFactors, null);
      onChange?.();
    } catch (e) {
      console.error("MFA removal failed", e);
      notify.error(t("mfa.removeError"));
    } finally {
      setBusy(false);
      setConfirmRemove(false);
    }
  }

  return (
    <section className="adm-card adm-security" aria-labelledby="adm-security-title" data-testid="security-section">
      <h2 id="adm-security-title" className="adm-card__title">
        <IconShield size={20} /> {t("mfa.sectionTitle")}
      </h2>
      <p className="adm-muted">{t("mfa.sectionText")}</p>
      {state.kind === "loading" && <Spinner size="sm" label={t("common.loading")} />}
      {state.kind === "on" && (
        <div className="adm-security__status">
          <span className="adm-badge adm-badge--green" data-testid="mfa-status">
            {t("mfa.statusOn")}
          </span>
          <span className="adm-muted">{t("mfa.factorSince", { date: formatDate(state.factor.created_at) })}</span>
          <button type="button" className="adm-btn adm-btn--danger-ghost adm-btn--sm" onClick={() => setConfirmRemove(true)} disabled={busy}>
            {t("mfa.remove")}
          </button>
        </div>
      )}
      {state.kind === "off" && (
        <div className="adm-security__status">
          <span className="adm-badge adm-badge--gray" data-testid="mfa-status">
            {t("mfa.statusOff")}
          </span>
          <button type="button" className="adm-btn adm-btn--primary adm-btn--sm" onClick={() => void start()} disabled={busy}>
            {busy ? <Spinner size="sm" label={t("common.loading")} /> : t("mfa.enable")}
          </button>
        </div>
      )}
      {state.kind === "enrolling" && (
        <form className="adm-security__enrol" onSubmit={confirm} noValidate aria-labelledby="adm-enrol-title">
          <h3 id="adm-enrol-title" className="adm-security__subtitle">
            {t("mfa.enrolTitle")}
          </h3>
          <p>{t("mfa.enrolStep1")}</p>
          <img className="adm-security__qr" src={state.enrolment.qrCode} alt={t("mfa.qrAlt")} width={200} height={200} />
          <p>
            {t("mfa.manualKey")}{" "}
            <code className="adm-security__key" data-testid="mfa-secret">
              {state.enrolment.secret}
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
      )}
      <ConfirmDialog
        open={confirmRemove}
        title={t("mfa.confirmRemoveTitle")}
        message={t("mfa.confirmRemove")}
        confirmLabel={t("mfa.remove")}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmRemove(false)}
      />
    </section>
  );
}
