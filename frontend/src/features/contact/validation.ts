import { isEmail } from "../../lib/email";
import type { ContactMessage } from "./api";

// The contact form's rules, checked by the site (the form has noValidate: the
// browser's own bubbles speak the browser's language, not the page's). The
// database holds the same rules (the check constraints of public.contacts).

export type ContactField = keyof ContactMessage;
export type ContactErrors = Partial<Record<ContactField, "required" | "email">>;

/** The fields in the order they are shown: the first invalid one gets the focus. */
export const CONTACT_FIELDS: readonly ContactField[] = ["name", "email", "phone", "subject", "message"];

export function validateContact(m: ContactMessage): ContactErrors {
  const e: ContactErrors = {};
  if (!m.name.trim()) e.name = "required";
  if (!m.email.trim()) e.email = "required";
  else if (!isEmail(m.email)) e.email = "email";
  if (!m.subject.trim()) e.subject = "required";
  if (!m.message.trim()) e.message = "required";
  return e;
}
