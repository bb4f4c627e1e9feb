import { db, PG_CODES } from "../../lib/db";

export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

export type SendResult = "sent" | "failed" | "rate_limited";

/**
 * Inserts a contact message (status 'new'). `id` is chosen by the form once per
 * message: sending the same message again after an answer lost on the way back
 * meets the stored row (23505) and counts as sent. "rate_limited" is the
 * database's per-address limit (PT429, docs/schema.md).
 */
export async function sendContact(m: ContactMessage, id: string): Promise<SendResult> {
  try {
    const { error } = await (await db()).from("contacts").insert({
      id,
      name: m.name.trim(),
      email: m.email.trim(),
      phone: m.phone.trim() || null,
      subject: m.subject.trim(),
      message: m.message.trim(),
      status: "new",
    });
    if (!error || error.code === PG_CODES.uniqueViolation) return "sent";
    if (error.code === PG_CODES.tooManyWrites) return "rate_limited";
    console.error("contact insert failed", error);
    return "failed";
  } catch (e) {
    console.error("contact insert failed", e);
    return "failed";
  }
}
