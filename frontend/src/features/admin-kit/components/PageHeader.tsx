import type { ReactNode } from "react";
import { IconPlus } from "./icons";

interface Props {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  badge?: ReactNode;
  /** The list's "add" button (a car, a post, a block), first of the actions. */
  add?: { label: string; onClick: () => void; disabled?: boolean };
}

export function PageHeader({ title, subtitle, actions, badge, add }: Props) {
  return (
    <div className="adm-page-header">
      <div>
        <h1 className="adm-page-header__title">
          {title}
          {badge}
        </h1>
        {subtitle && <p className="adm-page-header__subtitle">{subtitle}</p>}
      </div>
      {(add || actions) && (
        <div className="adm-page-header__actions">
          {add && (
            <button type="button" className="adm-btn adm-btn--primary" onClick={add.onClick} disabled={add.disabled}>
              <IconPlus size={18} /> {add.label}
            </button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}
