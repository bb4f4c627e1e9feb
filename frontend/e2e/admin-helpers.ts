// Shared by the admin browser tests, the admin screenshots and the admin RLS
// suite: where the server is, who the seeded administrator is, and how to sign in.
import type { Page } from "playwright-core";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { BASE_URL } from "./browser.ts";

export { BASE_URL };

export const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? "admin@casarent.test";
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? "admin-pass-123";

/** The anon key as the site itself reads it (/app-config.js), unless ANON_KEY is set. */
export async function anonKey(): Promise<string> {
  if (process.env.ANON_KEY) return process.env.ANON_KEY;
  const cfg = await fetch(`${BASE_URL}/app-config.js`).then((r) => r.text());
  const key = /"anonKey":"([^"]+)"/.exec(cfg)?.[1];
  if (!key) throw new Error(`no anon key in ${BASE_URL}/app-config.js`);
  return key;
}

// Node 20 has no global WebSocket and supabase-js wants a constructor for
// realtime, which these suites never open.
class NoWebSocket {
  constructor() {
    throw new Error("realtime is not used by the admin suites");
  }
}

/** A supabase-js client of its own (no shared session). */
export async function client(): Promise<SupabaseClient> {
  return createClient(BASE_URL, await anonKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
  });
}

/** A client signed in as the seeded administrator. */
export async function adminClient(): Promise<SupabaseClient> {
  const c = await client();
  const { error } = await c.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (error) throw new Error(`admin sign-in failed: ${error.message}`);
  return c;
}

/** Signs up (or signs in) an ordinary user; the database gives it role 'user'. */
export async function userClient(email: string, password: string): Promise<SupabaseClient> {
  const c = await client();
  const up = await c.auth.signUp({ email, password });
  if (up.error && !/registered|exists/i.test(up.error.message)) throw new Error(`sign-up failed: ${up.error.message}`);
  if (!up.data.session) {
    const { error } = await c.auth.signInWithPassword({ email, password });
    if (error) throw new Error(`user sign-in failed (is email confirmation on?): ${error.message}`);
  }
  return c;
}

/** Fills the admin login form and submits it. */
export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** Opens /admin and signs in as the seeded administrator; waits for the dashboard. */
export async function loginAsAdmin(page: Page, path = "/admin/dashboard"): Promise<void> {
  await page.goto(BASE_URL + path);
  await fillLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.locator(".adm-shell").waitFor();
}

export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

function isoDay(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * 86400000);
  return d.toISOString().slice(0, 10);
}

/** A pending booking as a visitor makes one (anon insert); returns its id. */
export async function insertBooking(
  anon: SupabaseClient,
  p: { carId: number; name: string; email: string; startInDays?: number; days?: number },
): Promise<string> {
  const id = crypto.randomUUID();
  const start = p.startInDays ?? 10;
  const { error } = await anon.from("bookings").insert({
    id,
    user_id: crypto.randomUUID(),
    car_id: p.carId,
    customer_name: p.name,
    customer_email: p.email,
    customer_phone: "+212600112233",
    start_date: isoDay(start),
    end_date: isoDay(start + (p.days ?? 3)),
    pickup_time: "10:00",
    return_time: "10:00",
    pickup_location: "Aéroport Mohammed V",
    return_location: "Aéroport Mohammed V",
    insurance_type: "basic",
    extras: {},
    payment_option: "full",
    payment_method: "whatsapp",
    payment_status: "pending",
    status: "pending",
  });
  if (error) throw new Error(`booking insert failed: ${error.message}`);
  return id;
}

/** A contact message as the public form sends it. */
export async function insertContact(anon: SupabaseClient, p: { name: string; email: string; subject: string; message: string; phone?: string }) {
  const { error } = await anon.from("contacts").insert({ ...p, phone: p.phone ?? null, status: "new" });
  if (error) throw new Error(`contact insert failed: ${error.message}`);
}

export async function insertClick(anon: SupabaseClient, carId: number) {
  const { error } = await anon.from("whatsapp_clicks").insert({ car_id: carId, user_agent: "e2e", ip_address: null });
  if (error) throw new Error(`click insert failed: ${error.message}`);
}

export async function firstCarIds(n: number): Promise<number[]> {
  const anon = await client();
  const { data, error } = await anon.from("cars").select("id").order("id").limit(n);
  if (error) throw new Error(`cars read failed: ${error.message}`);
  return (data ?? []).map((r) => r.id as number);
}
