import type { ReactNode } from "react";
import { Spinner as SpinnerBase, type SpinnerClasses } from "../../../components/Spinner";
import { useAdminTranslation } from "../i18n";

const ADMIN_SPINNER: SpinnerClasses = { frame: "adm-spinner-wrap", ring: "adm-spinner", label: "adm-spinner__label" };

/** The site's spinner in the back office's classes, medium unless told. */
export function Spinner({ label, size = "md" }: { label?: string; size?: "sm" | "md" | "lg" }) {
  return <SpinnerBase label={label} size={size} classes={ADMIN_SPINNER} />;
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
