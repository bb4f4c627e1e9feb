import type { ReactNode } from "react";
import { useAdminTranslation } from "../i18n";

interface Props {
  label: string;
  /** The value; "—" when there is none. */
  children: ReactNode;
  /** Of the row (`adm-dl__row` in the details lists; none in the payments ledger). */
  className?: string;
  /** Of the value (`adm-mono` for ids, `adm-pre` for notes kept as typed). */
  valueClass?: string;
  testId?: string;
}

/** One term and its value of a description list (<dl>). */
export function DetailRow({ label, children, className = "adm-dl__row", valueClass, testId }: Props) {
  const { t } = useAdminTranslation();
  return (
    <div className={className || undefined} data-testid={testId}>
      <dt>{label}</dt>
      <dd className={valueClass}>{children ?? t("common.none")}</dd>
    </div>
  );
}
