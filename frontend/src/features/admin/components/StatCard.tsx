import type { ReactNode } from "react";

export function StatCard({ label, value, icon, tone = "blue", testId }: { label: string; value: ReactNode; icon?: ReactNode; tone?: "blue" | "green" | "amber" | "violet" | "rose"; testId?: string }) {
  return (
    <div className={`adm-stat adm-stat--${tone}`} data-testid={testId}>
      {icon && <span className="adm-stat__icon" aria-hidden="true">{icon}</span>}
      <div className="adm-stat__text">
        <span className="adm-stat__label">{label}</span>
        <span className="adm-stat__value">{value}</span>
      </div>
    </div>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="adm-stats">{children}</div>;
}
