// Contact messages (SPEC section 4): new -> read; new or read -> replied; any -> archived;
// nothing returns to new. The database enforces the same order (contacts_status_flow).

import { isOneOf } from "../../lib/guards";

export const MESSAGE_STATUSES = ["new", "read", "replied", "archived"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export type MessageFilter = "all" | MessageStatus;

export interface AdminMessage {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: string | null;
  created_at: string;
  /** created_at as the database writes it in Casablanca's time ("07/12/2026 18:19"). */
  agency_created_at?: string | null;
  updated_at: string;
}

/** SPEC section 3: a missing status counts as new. */
export function messageStatus(m: Pick<AdminMessage, "status">): MessageStatus {
  return isOneOf(MESSAGE_STATUSES, m.status) ? m.status : "new";
}

export interface MessageActions {
  markRead: boolean;
  markReplied: boolean;
  archive: boolean;
}

export function messageActions(status: MessageStatus): MessageActions {
  return {
    markRead: status === "new",
    markReplied: status === "new" || status === "read",
    archive: status !== "archived",
  };
}

export function countMessages(list: readonly AdminMessage[]): Record<MessageFilter, number> {
  const counts: Record<MessageFilter, number> = { all: list.length, new: 0, read: 0, replied: 0, archived: 0 };
  for (const m of list) counts[messageStatus(m)]++;
  return counts;
}

export function filterMessages(list: readonly AdminMessage[], filter: MessageFilter): AdminMessage[] {
  return filter === "all" ? [...list] : list.filter((m) => messageStatus(m) === filter);
}
