import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate } from "../../../lib/format";
import { adminKeys, ConfirmDialog, IconShield, notify, Spinner, useAdminQuery, useAdminTranslation } from "../../admin-kit";
import * as auth from "../api";
import { EnrolForm } from "./EnrolForm";

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
  const [busy, setBusy] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);

  async function start() {
    setBusy(true);
    try {
      setEnrolment(await auth.newEnrolment(t("mfa.friendlyName"), t("mfa.issuer")));
    } catch (e) {
      console.error("MFA enrolment failed", e);
      notify.error(t("mfa.enrolError"));
    } finally {
      setBusy(false);
    }
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
      {(state.kind === "on" || state.kind === "off") && <FactorStatus state={state} busy={busy} onEnable={() => void start()} onRemove={() => setConfirmRemove(true)} />}
      {state.kind === "enrolling" && (
        <EnrolForm
          key={state.enrolment.id}
          enrolment={state.enrolment}
          busy={busy}
          setBusy={setBusy}
          onConfirmed={async () => {
            notify.success(t("mfa.enabled"));
            await client.invalidateQueries({ queryKey: adminKeys.ownFactors });
            setEnrolment(null);
            onChange?.();
          }}
          onCancelled={() => setEnrolment(null)}
        />
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

/** Whether the account has its second factor (since when, with the button to remove it) or not (with the button to add one). */
function FactorStatus({ state, busy, onEnable, onRemove }: { state: Extract<State, { kind: "on" | "off" }>; busy: boolean; onEnable: () => void; onRemove: () => void }) {
  const { t } = useAdminTranslation();
  return state.kind === "on" ? (
    <div className="adm-security__status">
      <span className="adm-badge adm-badge--green" data-testid="mfa-status">
        {t("mfa.statusOn")}
      </span>
      <span className="adm-muted">{t("mfa.factorSince", { date: formatDate(state.factor.created_at) })}</span>
      <button type="button" className="adm-btn adm-btn--danger-ghost adm-btn--sm" onClick={onRemove} disabled={busy}>
        {t("mfa.remove")}
      </button>
    </div>
  ) : (
    <div className="adm-security__status">
      <span className="adm-badge adm-badge--gray" data-testid="mfa-status">
        {t("mfa.statusOff")}
      </span>
      <button type="button" className="adm-btn adm-btn--primary adm-btn--sm" onClick={onEnable} disabled={busy}>
        {busy ? <Spinner size="sm" label={t("common.loading")} /> : t("mfa.enable")}
      </button>
    </div>
  );
}
