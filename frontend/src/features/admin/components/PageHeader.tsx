import type { ReactNode } from "react";

export function PageHeader({ title, subtitle, actions, badge }: { title: string; subtitle?: ReactNode; actions?: ReactNode; badge?: ReactNode }) {
  return (
    <div className="adm-page-header">
      <div>
        <h1 className="adm-page-header__title">
          {title}
          {badge}
        </h1>
        {subtitle && <p className="adm-page-header__subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="adm-page-header__actions">{actions}</div>}
    </div>
  );
}
