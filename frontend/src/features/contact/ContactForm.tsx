import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/toast";
import { randomUUID } from "../../lib/guest";
import { sendContact, type ContactMessage } from "./api";

const EMPTY: ContactMessage = { name: "", email: "", phone: "", subject: "", message: "" };

type Status = "idle" | "sending" | "success" | "error" | "limited";

/** SPEC section 4: idle, sending (disabled, 'Envoi en cours...'), success (cleared) or error (kept). */
export function ContactForm({ variant }: { variant: "home" | "page" }) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState<ContactMessage>(EMPTY);
  const [status, setStatus] = useState<Status>("idle");
  // The message's id, kept while the same text is resent after an error.
  const pending = useRef<{ id: string; text: string } | null>(null);
  const set = (k: keyof ContactMessage) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setStatus("sending");
    const text = JSON.stringify(form);
    if (pending.current?.text !== text) pending.current = { id: randomUUID(), text };
    const result = await sendContact(form, pending.current.id);
    if (result === "sent") {
      pending.current = null;
      setForm(EMPTY);
      setStatus("success");
      toast(t(variant === "page" ? "contact.successLong" : "contact.success"), "success");
    } else {
      setStatus(result === "rate_limited" ? "limited" : "error");
      toast(t(result === "rate_limited" ? "contact.tooMany" : variant === "page" ? "contact.errorLong" : "contact.error"), "error");
    }
  }

  return (
    <form className="contact-form card" onSubmit={submit} data-testid="contact-form">
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-name`}>
            {t("contact.name")} <span aria-hidden="true">*</span>
          </label>
          <input id={`${id}-name`} name="name" autoComplete="name" required value={form.name} onChange={set("name")} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>
            {t("contact.email")} <span aria-hidden="true">*</span>
          </label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" required value={form.email} onChange={set("email")} />
        </div>
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-phone`}>{t("contact.phone")}</label>
          <input id={`${id}-phone`} name="phone" type="tel" autoComplete="tel" value={form.phone} onChange={set("phone")} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-subject`}>
            {t("contact.subject")} <span aria-hidden="true">*</span>
          </label>
          <input id={`${id}-subject`} name="subject" required value={form.subject} onChange={set("subject")} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>
          {t("contact.message")} <span aria-hidden="true">*</span>
        </label>
        <textarea id={`${id}-message`} name="message" rows={5} required value={form.message} onChange={set("message")} />
      </div>
      <p className="muted small">{t("contact.requiredNote")}</p>
      <button type="submit" className="btn btn-primary" disabled={status === "sending"}>
        {status === "sending" ? t("contact.sending") : t("contact.send")}
      </button>
      <div aria-live="polite" className="form-status">
        {status === "success" && <p className="alert alert-success">{t(variant === "page" ? "contact.successLong" : "contact.success")}</p>}
        {status === "error" && <p className="alert alert-error">{t(variant === "page" ? "contact.errorLong" : "contact.error")}</p>}
        {status === "limited" && <p className="alert alert-error">{t("contact.tooMany")}</p>}
      </div>
    </form>
  );
}
