import { check, db as supabase } from "../admin-kit";
import type { AdminMessage, MessageStatus } from "./messageFlow";

// Contact messages for administrators (SPEC section 7): newest first; update
// status and updated_at by id; delete by id. The list's rows come with their time
// as the database writes it in Casablanca (agency_created_at, a computed field:
// read with the list, kept across a status change by the page).

const MESSAGE = "*, agency_created_at";

export async function listMessages(): Promise<AdminMessage[]> {
  return check(await supabase.from("contacts").select(MESSAGE).order("created_at", { ascending: false }));
}

export async function setMessageStatus(id: string, status: MessageStatus): Promise<AdminMessage> {
  return check(
    await supabase.from("contacts").update({ status, updated_at: new Date().toISOString() }).eq("id", id).select().single(),
  );
}

export async function deleteMessage(id: string): Promise<void> {
  const rows = check(await supabase.from("contacts").delete().eq("id", id).select("id"));
  if (!rows || rows.length === 0) throw new Error("message not deleted");
}
