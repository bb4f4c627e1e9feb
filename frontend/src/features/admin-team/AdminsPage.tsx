import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { adminKeys, ApiError, ConfirmDialog, Loaded, notify, PageHeader, useAdminMutation, useAdminQuery, useAdminTranslation, useListCache } from "../admin-kit";
import { SecuritySection, useAdminUser } from "../admin-session";
import { AdminForm } from "./AdminForm";
import type { AdminFormValues } from "./adminFormValues";
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

const NO_MFA = new Map<string, boolean>();

export default function AdminsPage() {
  const { t } = useAdminTranslation();
  const { user } = useAdminUser();
  const client = useQueryClient();
  const cache = useListCache();
  const admins = useAdminQuery({ queryKey: adminKeys.admins, queryFn: listAdmins, errorMessage: t("admins.messages.loadError") });
  // Second factors of the administrators; unknown (no badge) if the lookup fails (no toast).
  const mfaQuery = useAdminQuery({ queryKey: adminKeys.adminsMfa, queryFn: listMfa });
  const mfa = mfaQuery.data ?? NO_MFA;
  const reloadMfa = () => void client.invalidateQueries({ queryKey: adminKeys.adminsMfa });
  const [pending, setPending] = useState<Pending>(null);

  const creation = useAdminMutation({
    mutationFn: createAdmin,
    onSuccess: (res) => {
      notify.success(res.promoted ? t("admins.messages.promoted") : t("admins.messages.created"));
      void client.invalidateQueries({ queryKey: adminKeys.admins });
    },
    onError: (e) => {
      console.error("administrator creation failed", e);
      notify.error(serverMessage(e, t("admins.messages.createError")));
    },
  });
  const create = (v: AdminFormValues): Promise<boolean> =>
    creation.mutateAsync(v).then(
      () => true,
      () => false,
    );

  const action = useAdminMutation({
    mutationFn: async ({ kind, admin }: NonNullable<Pending>) => {
      if (kind === "reset_mfa") await resetAdminMfa(admin.id);
      else if (kind === "revoke") await revokeAdmin(admin.id);
      else await deleteAdmin(admin.id);
    },
    onSuccess: (_done, { kind, admin }) => {
      if (kind === "reset_mfa") reloadMfa();
      else cache.drop<AdminAccount>(adminKeys.admins, admin.id);
      notify.success(t(confirmTexts[kind].done));
    },
    onError: (e, { kind }) => {
      console.error(`administrator ${kind} failed`, e);
      notify.error(serverMessage(e, t(confirmTexts[kind].failed)));
    },
    onSettled: () => setPending(null),
  });

  return (
    <section className="adm-page">
      <PageHeader title={t("admins.title")} subtitle={t("admins.subtitle")} />
      <SecuritySection onChange={reloadMfa} />
      <div className="adm-two-col">
        <AdminForm onSubmit={create} />
        <Loaded pending={admins.isPending}>
          <AdminsList
            admins={admins.data ?? []}
            selfId={user.id}
            mfa={mfa}
            onResetMfa={(admin) => setPending({ kind: "reset_mfa", admin })}
            onRevoke={(admin) => setPending({ kind: "revoke", admin })}
            onDelete={(admin) => setPending({ kind: "delete", admin })}
          />
        </Loaded>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(confirmTexts[pending.kind].title) : ""}
        message={pending ? t(confirmTexts[pending.kind].message, { email: pending.admin.email ?? pending.admin.id }) : ""}
        confirmLabel={pending ? t(confirmTexts[pending.kind].label) : undefined}
        busy={action.isPending}
        onConfirm={() => pending && action.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
