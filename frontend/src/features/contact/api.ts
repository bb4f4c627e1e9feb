import { supabase } from "../../lib/supabase";

export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

/**
 * Inserts a contact message (status 'new'); returns false on any failure. `id`
 * is chosen by the form once per message: sending the same message again after
 * an answer lost on the way back meets the stored row (23505) and counts as sent.
 */
export async function sendContact(m: ContactMessage, id: string): Promise<boolean> {
  try {
    const { error } = await supabase.from("contacts").insert({
      id,
      name: m.name.trim(),
      email: m.email.trim(),
      phone: m.phone.trim() || null,
      subject: m.subject.trim(),
      message: m.message.trim(),
      status: "new",
    });
    if (error && error.code !== "23505") {
      console.error("contact insert failed", error);
      return false;
    }
    return true;
  } catch (e) {
    console.error("contact insert failed", e);
    return false;
  }
}
