import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors, labelledFields } from "../../components/fieldErrors";
import { toast } from "../../components/toast";
import { randomUUID } from "../../lib/guest";
import { sendContact, type ContactMessage, type SendResult } from "./api";
import { CONTACT_FIELDS, validateContact, type ContactErrors, type ContactField } from "./validation";

const EMPTY: ContactMessage = { name: "", email: "", phone: "", subject: "", message: "" };

type Status = "idle" | "sending" | "success" | "error" | "limited";
const STATUS_OF: Record<SendResult, Status> = { sent: "success", failed: "error", rate_limited: "limited" };

/** SPEC section 4: idle, sending (disabled, 'Envoi en cours...'), success (cleared) or error (kept). */
export function ContactForm({ variant }: { variant: "home" | "page" }) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState<ContactMessage>(EMPTY);
  // The send is a mutation (lib/query.ts); its id makes a resend harmless (api.ts).
  const send = useMutation({ mutationFn: (p: { message: ContactMessage; id: string }) => sendContact(p.message, p.id) });
  const status: Status = send.isPending ? "sending" : send.data ? STATUS_OF[send.data] : "idle";
  // The message's id, kept while the same text is resent after an error.
  const pending = useRef<{ id: string; text: string } | null>(null);
  // Inline errors in the page's language, as the wizard's (noValidate: no browser bubble).
  // Shown after a first try; from then on each field's error goes as soon as it is fixed.
  const [errors, setErrors] = useState<ContactErrors>({});
  const [tried, setTried] = useState(false);
  const set = (k: keyof ContactMessage) => (e: { target: { value: string } }) => {
    const next = { ...form, [k]: e.target.value };
    setForm(next);
    if (tried) setErrors(validateContact(next));
  };
  const fieldId = (k: ContactField) => `${id}-${k}`;
  const field = labelledFields(
    fieldId,
    fieldErrors<ContactField>(
      errors,
      (code) => t(`booking.errors.${code}`),
      (k) => `${fieldId(k)}-error`,
      (k) => `contact-error-${k}`,
    ),
  );
  const starred = (label: string) => (
    <>
      {label} <span aria-hidden="true">*</span>
    </>
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateContact(form);
    setTried(true);
    setErrors(found);
    const first = CONTACT_FIELDS.find((k) => found[k]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const text = JSON.stringify(form);
    if (pending.current?.text !== text) pending.current = { id: randomUUID(), text };
    const result = await send.mutateAsync({ message: form, id: pending.current.id });
    if (result === "sent") {
      pending.current = null;
      setForm(EMPTY);
      setTried(false);
      toast(t(variant === "page" ? "contact.successLong" : "contact.success"), "success");
    } else {
      toast(t(result === "rate_limited" ? "contact.tooMany" : variant === "page" ? "contact.errorLong" : "contact.error"), "error");
    }
  }

  return (
    <form className="contact-form card" onSubmit={submit} noValidate data-testid="contact-form">
      <div className="form-row">
        {field("name", starred(t("contact.name")), <input autoComplete="name" required value={form.name} onChange={set("name")} />)}
        {field("email", starred(t("contact.email")), <input type="email" dir="ltr" autoComplete="email" required value={form.email} onChange={set("email")} />)}
      </div>
      <div className="form-row">
        {field("phone", t("contact.phone"), <input type="tel" dir="ltr" autoComplete="tel" value={form.phone} onChange={set("phone")} />)}
        {field("subject", starred(t("contact.subject")), <input required value={form.subject} onChange={set("subject")} />)}
      </div>
      {field("message", starred(t("contact.message")), <textarea rows={5} required value={form.message} onChange={set("message")} />)}
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
