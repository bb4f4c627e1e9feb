import { RealtimeClient, type RealtimePostgresChangesPayload } from "@supabase/realtime-js";
import { appConfig } from "../../lib/appConfig";
import { currentAccessToken } from "../../lib/supabase";
import { db } from "../admin-kit";

// The live feed's reads: one realtime channel on the tables the agency follows,
// a new booking's car and the count of new messages. What reaches the channel is
// decided by the database (RLS on delivery): an administrator receives every
// change, anyone else nothing.

export type LiveTable = "bookings" | "contacts" | "payments" | "booking_change_requests";
export type LiveStatus = "connecting" | "live" | "offline";

export interface LiveChange {
  table: LiveTable;
  type: "INSERT" | "UPDATE" | "DELETE";
  record: Record<string, unknown>;
  old: Record<string, unknown>;
}

// Payments too: an open booking record shows a refund or a counter payment made
// by another administrator without being reopened. Travellers' requests from
// "My booking" too: the agency's list of them is live.
const TABLES: readonly LiveTable[] = ["bookings", "contacts", "payments", "booking_change_requests"];

// Its own realtime client: the site's supabase client carries a stand-in (see
// lib/stubs/realtime.ts). The socket opens with the first channel and closes
// with the last; the administrator's token is read again at each heartbeat, so
// a refreshed session (or the step to aal2) reaches the channel.
let client: RealtimeClient | null = null;
function realtime(): RealtimeClient {
  client ??= new RealtimeClient(`${appConfig.supabaseUrl.replace(/^http/i, "ws")}/realtime/v1`, {
    params: { apikey: appConfig.anonKey },
    accessToken: async () => (await currentAccessToken()) ?? appConfig.anonKey,
  });
  return client;
}

/** Subscribes to the feed; returns the function that leaves it. */
export function openAdminFeed(onChange: (c: LiveChange) => void, onStatus: (s: LiveStatus) => void): () => void {
  const rt = realtime();
  let channel = rt.channel("admin-live");
  for (const table of TABLES) {
    channel = channel.on("postgres_changes", { event: "*", schema: "public", table }, (p: RealtimePostgresChangesPayload<Record<string, unknown>>) =>
      onChange({ table, type: p.eventType, record: p.new, old: p.old }),
    );
  }
  let left = false;
  onStatus("connecting");
  // The signed-in administrator's token first (the client's accessToken source),
  // so the join is judged as them and not as anon.
  void rt.setAuth().finally(() => {
    if (left) return;
    channel.subscribe((status) => {
      if (left) return;
      onStatus(status === "SUBSCRIBED" ? "live" : status === "CLOSED" || status === "CHANNEL_ERROR" || status === "TIMED_OUT" ? "offline" : "connecting");
    });
  });
  return () => {
    left = true;
    void rt.removeChannel(channel);
  };
}

/** A car as a toast names it ("Dacia Logan"), or "" when it is gone. */
export async function loadCarName(id: number): Promise<string> {
  const { data } = await db.from("cars").select("brand, name").eq("id", id).maybeSingle();
  return data ? `${data.brand} ${data.name}` : "";
}

/** How many messages are still 'new'. */
export async function countNewMessages(): Promise<number> {
  const { count, error } = await db.from("contacts").select("id", { count: "exact", head: true }).eq("status", "new");
  if (error) throw error;
  return count ?? 0;
}

/** How many travellers' requests (other dates, another car) wait for the agency's answer. */
export async function countPendingRequests(): Promise<number> {
  const { count, error } = await db.from("booking_change_requests").select("id", { count: "exact", head: true }).eq("state", "pending");
  if (error) throw error;
  return count ?? 0;
}
