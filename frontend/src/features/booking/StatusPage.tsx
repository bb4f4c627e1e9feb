import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../../components/Icon";
import { Spinner } from "../../components/Spinner";

interface StatusPageProps {
  /** A check mark (done) or a cross (cancelled, failed). */
  ok?: boolean;
  title: ReactNode;
  /** What the page says under its title: a .lead, or an error (role=alert). */
  lead?: ReactNode;
  alert?: ReactNode;
  /** The data-testid of that paragraph. */
  leadTestId?: string;
  /** Narrow: the receipt and actions follow a centred head; else everything is centred. */
  narrow?: boolean;
  testId?: string;
  declined?: boolean;
  children?: ReactNode;
}

/** The frame of the booking's result pages (success, sent, cancelled, way forward): icon, title, lead, then the page's own parts. */
export function StatusPage({ ok = false, title, lead, alert, leadTestId, narrow = false, testId, declined, children }: StatusPageProps) {
  const head = (
    <>
      <span className={ok ? "status-icon" : "status-icon status-icon--off"} aria-hidden="true">
        <Icon name={ok ? "check" : "x"} size={40} />
      </span>
      <h1>{title}</h1>
      {alert ? (
        <p className="alert alert-error" role="alert" data-testid={leadTestId}>
          {alert}
        </p>
      ) : (
        <p className="lead" data-testid={leadTestId}>
          {lead}
        </p>
      )}
    </>
  );
  return (
    <section
      className={narrow ? "container section narrow status-page" : "container section center status-page"}
      data-testid={testId}
      data-declined={declined === undefined ? undefined : declined ? "1" : "0"}
    >
      {narrow ? <div className="center">{head}</div> : head}
      {children}
    </section>
  );
}

/** A result page while its booking is read. */
export function StatusLoading({ label }: { label: string }) {
  return (
    <section className="container section center status-page">
      <Spinner label={label} />
    </section>
  );
}

/** The way home at the foot of a result page. */
export function HomeButton({ outline = false, label }: { outline?: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className={outline ? "btn btn-outline btn-lg" : "btn btn-primary btn-lg"}>
      {label ?? t("common.backHome")}
    </Link>
  );
}
