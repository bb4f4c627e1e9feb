import type { QueryKey } from "@tanstack/react-query";
import type { LiveTable } from "./adminFeed";

// Which queries a change to each table makes stale (the admin's query keys).
export const LIVE_INVALIDATES: Record<LiveTable, readonly QueryKey[]> = {
  bookings: [["admin", "bookings"], ["admin", "dashboard"], ["admin", "planning"]],
  contacts: [["admin", "contacts"], ["admin", "dashboard"]],
};
