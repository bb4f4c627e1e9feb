import { useEffect, useState } from "react";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { PageHeader } from "../components/PageHeader";
import { PageLoading } from "../components/Spinner";
import { useAdminTranslation } from "../i18n";
import { ApiError } from "../lib/errors";
import { notify } from "../lib/notify";
import { useLoad } from "../lib/useLoad";
import { useAdminUser } from "../session/context";
import { AdminForm } from "./AdminForm";
import type { AdminFormValues } from "./adminForm";
import { SecuritySection } from "../security/SecuritySection";
import { createAdmin, deleteAdmin, listAdmins, listMfa, resetAdminMfa, revokeAdmin, type AdminAccount } from "./api";
import { AdminsList } from "./AdminsList";

/** The server's own refusal text when it sent one (last administrator, oneself...). */
function serverMessage(e: unknown, fallback: string): string {
  return e instanceof ApiError && e.message ? e.message : fallback;
}

type Pending = { kind: "revoke" | "delete" | "reset_mfa"; admin: AdminAccount } | null;

// Keys of each confirmation's texts (the "admin" namespace); message takes {{email}}.
const confirmTexts = {
  revoke: { title: "admins.confirmRevokeTitle", message: "admins.confirmRevoke", label: "admins.revoke", done: "admins.messages.revoked", failed: "admins.messages.revokeError" },
  delete: { title: "admins.confirmDeleteTitle", message: "admins.confirmDelete", label: "admins.delete", done: "admins.messages.deleted", failed: "admins.messages.deleteError" },
  reset_mfa: {
    title: "admins.confirmResetMfaTitle",
    message: "admins.confirmResetMfa",
    label: "admins.resetMfa",
    done: "admins.messages.mfaReset",
    failed: "admins.messages.mfaResetError",
  },
} as const;

export default function AdminsPage() {
  const { t } = useAdminTranslation();
  const { user } = useAdminUser();
  const admins = useLoad(listAdmins, () => notify.error(t("admins.messages.loadError")));
  const [pending, setPending] = useState<Pending>(null);
  // Second factors of the administrators; unknown (no badge) if the lookup fails.
  const [mfa, setMfa] = useState<Map<string, boolean>>(new Map());
  const loadMfa = () =>
    listMfa()
      .then(setMfa)
      .catch((e: unknown) => console.error("administrators' MFA lookup failed", e));
  useEffect(() => {
    void loadMfa();
  }, []);
  const [busy, setBusy] = useState(false);

  async function create(v: AdminFormValues): Promise<boolean> {
    try {
      const res = await createAdmin(v);
      notify.success(res.promoted ? t("admins.messages.promoted") : t("admins.messages.created"));
      void admins.reload();
      return true;
    } catch (e) {
      console.error("administrator creation failed", e);
      notify.error(serverMessage(e, t("admins.messages.createError")));
      return false;
    }
  }

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    const { kind, admin } = pending;
    try {
      if (kind === "reset_mfa") {
        await resetAdminMfa(admin.id);
        void loadMfa();
      } else {
        if (kind === "revoke") await revokeAdmin(admin.id);
        else await deleteAdmin(admin.id);
        admins.setData((prev) => prev?.filter((a) => a.id !== admin.id) ?? null);
      }
      notify.success(t(confirmTexts[kind].done));
    } catch (e) {
      console.error(`administrator ${kind} failed`, e);
      notify.error(serverMessage(e, t(confirmTexts[kind].failed)));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  return (
    <section className="adm-page">
      <PageHeader title={t("admins.title")} subtitle={t("admins.subtitle")} />
      <SecuritySection onChange={() => void loadMfa()} />
      <div className="adm-two-col">
        <AdminForm onSubmit={create} />
        {admins.loading && !admins.data ? (
          <PageLoading label={t("common.loading")} />
        ) : (
          <AdminsList
            admins={admins.data ?? []}
            selfId={user.id}
            mfa={mfa}
            onResetMfa={(admin) => setPending({ kind: "reset_mfa", admin })}
            onRevoke={(admin) => setPending({ kind: "revoke", admin })}
            onDelete={(admin) => setPending({ kind: "delete", admin })}
          />
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(confirmTexts[pending.kind].title) : ""}
        message={pending ? t(confirmTexts[pending.kind].message, { email: pending.admin.email ?? pending.admin.id }) : ""}
        confirmLabel={pending ? t(confirmTexts[pending.kind].label) : undefined}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
