import type { ReactNode } from "react";

export function EmptyState({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="adm-empty">
      {icon && <span className="adm-empty__icon" aria-hidden="true">{icon}</span>}
      <p>{children}</p>
    </div>
  );
}
