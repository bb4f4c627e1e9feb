import type { ReactNode } from "react";

export function StatCard({
  label,
  value,
  icon,
  tone = "blue",
  testId,
  note,
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  tone?: "blue" | "green" | "amber" | "violet" | "rose";
  testId?: string;
  /** A short line under the value (what the figure leaves out, ...). */
  note?: ReactNode;
}) {
  return (
    <div className={`adm-stat adm-stat--${tone}`} data-testid={testId}>
      {icon && <span className="adm-stat__icon" aria-hidden="true">{icon}</span>}
      <div className="adm-stat__text">
        <span className="adm-stat__label">{label}</span>
        <span className="adm-stat__value">{value}</span>
        {note && <span className="adm-stat__note">{note}</span>}
      </div>
    </div>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="adm-stats">{children}</div>;
}
