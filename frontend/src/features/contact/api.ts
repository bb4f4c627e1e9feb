import { supabase } from "../../lib/supabase";

export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

/** Inserts a contact message (status 'new'); returns false on any failure. */
export async function sendContact(m: ContactMessage): Promise<boolean> {
  try {
    const { error } = await supabase.from("contacts").insert({
      name: m.name.trim(),
      email: m.email.trim(),
      phone: m.phone.trim() || null,
      subject: m.subject.trim(),
      message: m.message.trim(),
      status: "new",
    });
    if (error) {
      console.error("contact insert failed", error);
      return false;
    }
    return true;
  } catch (e) {
    console.error("contact insert failed", e);
    return false;
  }
}
