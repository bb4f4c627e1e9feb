import type { FormEvent, ReactNode } from "react";
import { IconShield } from "../../admin-kit";

interface Props {
  /** The heading's id: it names the form. */
  titleId: string;
  title: string;
  subtitle: string;
  /** Why the last try failed, shown above the fields. */
  error: string | null;
  errorTestId: string;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}

/** The card of the sign-in steps (password, then the authenticator's code): shield, title, error, fields. */
export function LoginCard({ titleId, title, subtitle, error, errorTestId, onSubmit, children }: Props) {
  return (
    <main className="adm-login__main">
      <form className="adm-login__card" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <span className="adm-login__badge" aria-hidden="true">
          <IconShield size={28} />
        </span>
        <h1 id={titleId} className="adm-login__title">
          {title}
        </h1>
        <p className="adm-login__subtitle">{subtitle}</p>
        {error && (
          <p className="adm-alert adm-alert--error" role="alert" data-testid={errorTestId}>
            {error}
          </p>
        )}
        {children}
      </form>
    </main>
  );
}
