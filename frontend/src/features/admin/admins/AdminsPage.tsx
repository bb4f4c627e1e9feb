import { useState } from "react";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { PageHeader } from "../components/PageHeader";
import { PageLoading } from "../components/Spinner";
import { fr } from "../i18n/fr";
import { ApiError } from "../lib/errors";
import { notify } from "../lib/notify";
import { useLoad } from "../lib/useLoad";
import { useAdminUser } from "../session/context";
import { AdminForm } from "./AdminForm";
import type { AdminFormValues } from "./adminForm";
import { createAdmin, deleteAdmin, listAdmins, revokeAdmin, type AdminAccount } from "./api";
import { AdminsList } from "./AdminsList";

const t = fr.admins;

/** The server's own refusal text when it sent one (last administrator, oneself...). */
function serverMessage(e: unknown, fallback: string): string {
  return e instanceof ApiError && e.message ? e.message : fallback;
}

type Pending = { kind: "revoke" | "delete"; admin: AdminAccount } | null;

export default function AdminsPage() {
  const { user } = useAdminUser();
  const admins = useLoad(listAdmins, () => notify.error(t.messages.loadError));
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  async function create(v: AdminFormValues): Promise<boolean> {
    try {
      const res = await createAdmin(v);
      notify.success(res.promoted ? t.messages.promoted : t.messages.created);
      void admins.reload();
      return true;
    } catch (e) {
      console.error("administrator creation failed", e);
      notify.error(serverMessage(e, t.messages.createError));
      return false;
    }
  }

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    const { kind, admin } = pending;
    try {
      if (kind === "revoke") await revokeAdmin(admin.id);
      else await deleteAdmin(admin.id);
      notify.success(kind === "revoke" ? t.messages.revoked : t.messages.deleted);
      admins.setData((prev) => prev?.filter((a) => a.id !== admin.id) ?? null);
    } catch (e) {
      console.error(`administrator ${kind} failed`, e);
      notify.error(serverMessage(e, kind === "revoke" ? t.messages.revokeError : t.messages.deleteError));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  return (
    <section className="adm-page">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <div className="adm-two-col">
        <AdminForm onSubmit={create} />
        {admins.loading && !admins.data ? (
          <PageLoading label={fr.common.loading} />
        ) : (
          <AdminsList
            admins={admins.data ?? []}
            selfId={user.id}
            onRevoke={(admin) => setPending({ kind: "revoke", admin })}
            onDelete={(admin) => setPending({ kind: "delete", admin })}
          />
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === "revoke" ? t.confirmRevokeTitle : t.confirmDeleteTitle}
        message={pending ? (pending.kind === "revoke" ? t.confirmRevoke : t.confirmDelete)(pending.admin.email ?? pending.admin.id) : ""}
        confirmLabel={pending?.kind === "revoke" ? t.revoke : t.delete}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
