import { useEffect, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { PageHero } from "../../components/ui";
import { usePageMeta } from "../../lib/usePageMeta";
import { requestLink, tokenOf } from "./api";
import { ManageBooking } from "./ManageBooking";

/**
 * /my-booking: a reference and an e-mail ask for a link (the answer never says
 * whether they match); the e-mailed link (#token=…) opens the booking with what
 * the traveller may do alone (docs/my-booking.md).
 */
export default function MyBookingPage() {
  const { t } = useTranslation();
  usePageMeta(t("myBooking.title"), t("myBooking.subtitle"), "/my-booking");
  const [token, setToken] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const read = () => setToken(tokenOf(window.location.hash));
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  return (
    <>
      <PageHero title={t("myBooking.title")} subtitle={t("myBooking.subtitle")} />
      <section className="section">
        <div className="container narrow my-booking">
          {token && !expired ? (
            <ManageBooking token={token} onExpired={() => setExpired(true)} />
          ) : (
            <>
              {expired && (
                <p className="alert alert-error" role="alert" data-testid="my-booking-link-invalid">
                  {t("myBooking.linkInvalid")}
                </p>
              )}
              <RequestLinkForm />
            </>
          )}
        </div>
      </section>
    </>
  );
}

function RequestLinkForm() {
  const { t } = useTranslation();
  const id = useId();
  const [reference, setReference] = useState("");
  const [email, setEmail] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent" | "required" | "limited" | "linksSent" | "error">("idle");
  const [sentTo, setSentTo] = useState("");

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!reference.trim() || !email.trim()) {
      setState("required");
      return;
    }
    setState("sending");
    const r = await requestLink(reference.trim(), email.trim());
    if (r.ok) {
      setSentTo(email.trim());
      setState("sent");
    } else if (r.failure.kind === "limited") setState(r.failure.by ? "linksSent" : "limited");
    else setState("error");
  }

  if (state === "sent") {
    return (
      <div className="card" role="status" data-testid="my-booking-sent">
        <h2>{t("myBooking.sentTitle")}</h2>
        <p>{t("myBooking.sent", { email: sentTo })}</p>
      </div>
    );
  }
  const alert =
    state === "required"
      ? t("myBooking.required")
      : state === "limited"
        ? t("myBooking.tooMany")
        : state === "linksSent"
          ? t("myBooking.tooManyLinks")
          : state === "error"
            ? t("myBooking.error")
            : null;
  return (
    <form className="card my-booking-form" onSubmit={(e) => void submit(e)} noValidate data-testid="my-booking-request">
      <h2>{t("myBooking.askTitle")}</h2>
      <p>{t("myBooking.askText")}</p>
      <div className="field">
        <label htmlFor={`${id}-ref`}>{t("myBooking.reference")}</label>
        <input
          id={`${id}-ref`}
          name="reference"
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          required
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          aria-describedby={`${id}-ref-hint`}
        />
        <small id={`${id}-ref-hint`} className="muted">
          {t("myBooking.referenceHint")}
        </small>
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t("myBooking.email")}</label>
        <input id={`${id}-email`} name="email" type="email" dir="ltr" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={state === "sending"}>
        {state === "sending" ? t("myBooking.sending") : t("myBooking.send")}
      </button>
      <div aria-live="polite">{alert && <p className="alert alert-error">{alert}</p>}</div>
    </form>
  );
}
