import type { ReactNode } from "react";
import { useAdminTranslation } from "../i18n";

export function Spinner({ label, size = "md" }: { label?: string; size?: "sm" | "md" | "lg" }) {
  return (
    <span className={`adm-spinner-wrap adm-spinner-wrap--${size}`} role="status">
      <span className="adm-spinner" aria-hidden="true" />
      {label ? <span className="adm-spinner__label">{label}</span> : <span className="adm-visually-hidden">…</span>}
    </span>
  );
}

export function PageLoading({ label }: { label: string }) {
  return (
    <div className="adm-page-loading">
      <Spinner label={label} size="lg" />
    </div>
  );
}

/** A screen's list once it is read, the page's spinner until then. */
export function Loaded({ pending, children }: { pending: boolean; children: ReactNode }) {
  const { t } = useAdminTranslation();
  return pending ? <PageLoading label={t("common.loading")} /> : <>{children}</>;
}
