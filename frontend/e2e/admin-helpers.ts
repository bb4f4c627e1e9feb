// Shared by the admin browser tests, the admin screenshots and the admin RLS
// suite: where the server is, who the seeded administrator is, and how to sign in.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { BASE_URL, siteCookies } from "./browser.ts";

export { BASE_URL };

export interface Credentials {
  email: string;
  password: string;
}

let adminCreds: Promise<Credentials> | null = null;

/**
 * The administrator the suites sign in as: ADMIN_EMAIL / ADMIN_PASSWORD when
 * set (SEED=1 makes that account), else one made here with the service key
 * (auth admin API, then role 'admin' on its profile), so the specs run on any
 * fresh test server.
 */
export function adminCredentials(): Promise<Credentials> {
  adminCreds ??= (async () => {
    if (process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD) {
      return { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD };
    }
    const creds = { email: `${unique("e2e-admin")}@casarent.test`, password: "e2e-admin-pass-1" };
    await createAdmin(creds, { first_name: "E2E", last_name: "Admin" });
    return creds;
  })();
  return adminCreds;
}

/** An administrator made with the service key: the auth admin API, then role 'admin' on its profile. */
export async function createAdmin(creds: Credentials, name: { first_name: string; last_name: string }): Promise<void> {
  const svc = serviceClient();
  const { data, error } = await svc.auth.admin.createUser({ ...creds, email_confirm: true, user_metadata: name });
  if (error || !data.user) throw new Error(`admin user creation failed: ${error?.message}`);
  const up = await svc.from("profiles").update({ role: "admin" }).eq("id", data.user.id);
  if (up.error) throw new Error(`admin promotion failed: ${up.error.message}`);
}

/**
 * A tab as the admin specs open one: French (locale and the site's language
 * cookie), `width` x 900; the page's uncaught errors go to `errors` when given.
 */
export async function adminPage(
  browser: Browser,
  opts: { width?: number; errors?: string[]; acceptDownloads?: boolean } = {},
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: 900 }, locale: "fr-FR", acceptDownloads: opts.acceptDownloads });
  await ctx.addCookies(siteCookies("fr"));
  const page = await ctx.newPage();
  const errors = opts.errors;
  if (errors) page.on("pageerror", (e) => errors.push(e.message));
  return { ctx, page };
}

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

/** The service-role client (SERVICE_ROLE_KEY from scripts/test-server.sh). */
export function serviceClient(): SupabaseClient {
  const key = process.env.SERVICE_ROLE_KEY;
  if (!key) throw new Error("SERVICE_ROLE_KEY must be set (scripts/test-server.sh prints it)");
  return createClient(BASE_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
  });
}

/** A client signed in as the administrator of the suites. */
export async function adminClient(): Promise<SupabaseClient> {
  const c = await client();
  const { error } = await c.auth.signInWithPassword(await adminCredentials());
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

/** Opens `path` of the back office and submits the login form; what follows is the caller's to wait for. */
export async function signIn(page: Page, creds: Credentials, path = "/admin"): Promise<void> {
  await page.goto(BASE_URL + path);
  await fillLogin(page, creds.email, creds.password);
}

/** Opens /admin and signs in as the suites' administrator; waits for the shell. */
export async function loginAsAdmin(page: Page, path = "/admin/dashboard"): Promise<void> {
  await signIn(page, await adminCredentials(), path);
  await page.locator(".adm-shell").waitFor();
}

export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function isoDay(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * 86400000);
  return d.toISOString().slice(0, 10);
}

/**
 * `n` cars free from `startInDays` days ahead for `days` days (10:00 to 10:00),
 * as the database tells visitors (car_availability). A car holds its dates,
 * and every spec shares one database (and its earlier runs): each
 * test books dates nobody holds, looking further ahead until n cars are free.
 */
export async function freeCars(
  n: number,
  p: { startInDays: number; days: number; exclude?: number[] },
): Promise<{ carIds: number[]; startInDays: number; start: string; end: string }> {
  const anon = await client();
  for (let start = p.startInDays, tries = 0; tries < 40; tries++, start += p.days + 1) {
    const from = isoDay(start);
    const to = isoDay(start + p.days);
    const { data, error } = await anon.rpc("car_availability", { p_pickup: `${from}T10:00:00`, p_return: `${to}T10:00:00` });
    if (error) throw new Error(`car_availability failed: ${error.message}`);
    const ids = (data as { car_id: number; free: boolean }[]).filter((r) => r.free && !(p.exclude ?? []).includes(r.car_id)).map((r) => r.car_id);
    if (ids.length >= n) return { carIds: ids.slice(0, n), startInDays: start, start: from, end: to };
  }
  throw new Error(`no ${n} free cars found from ${p.startInDays} days ahead`);
}

/** One free car and its dates (see freeCars). */
export async function freeCar(startInDays: number, days = 3): Promise<{ carId: number; startInDays: number; days: number }> {
  const f = await freeCars(1, { startInDays, days });
  return { carId: f.carIds[0] as number, startInDays: f.startInDays, days };
}

/**
 * A booking as the site makes one: a visitor's pending request (anon insert),
 * or, through the service role, one in another status (a captured PayPal
 * payment is confirmed); returns its id.
 */
/**
 * What a visitor's booking carries once step 4's boxes are ticked: the current
 * rental terms version (rental_rules) and the driver's confirmation. The
 * database refuses a visitor's booking without them.
 */
export async function acceptance(c: SupabaseClient): Promise<{ terms_version: string; driver_requirements_confirmed: true }> {
  const { data, error } = await c.from("rental_rules").select("terms_version").single();
  if (error || !data) throw new Error(`rental_rules read failed: ${error?.message}`);
  return { terms_version: (data as { terms_version: string }).terms_version, driver_requirements_confirmed: true };
}

export async function insertBooking(
  anon: SupabaseClient,
  p: {
    carId: number;
    name: string;
    email: string;
    startInDays?: number;
    days?: number;
    status?: string;
    /** What the wizard sends besides the car (defaults: basic insurance, no extras, 10:00, the airport, full payment). */
    insurance?: string;
    extras?: Record<string, boolean>;
    pickupTime?: string;
    returnTime?: string;
    pickupLocation?: string;
    returnLocation?: string;
    paymentOption?: string;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  const start = p.startInDays ?? 10;
  const { error } = await anon.from("bookings").insert({
    ...(await acceptance(anon)),
    id,
    user_id: crypto.randomUUID(),
    car_id: p.carId,
    customer_name: p.name,
    customer_email: p.email,
    customer_phone: "+212600112233",
    start_date: isoDay(start),
    end_date: isoDay(start + (p.days ?? 3)),
    pickup_time: p.pickupTime ?? "10:00",
    return_time: p.returnTime ?? "10:00",
    pickup_location: p.pickupLocation ?? "Aéroport Mohammed V",
    return_location: p.returnLocation ?? "Aéroport Mohammed V",
    insurance_type: p.insurance ?? "basic",
    extras: p.extras ?? {},
    payment_option: p.paymentOption ?? "full",
    payment_method: "whatsapp",
    payment_status: "pending",
    status: p.status ?? "pending",
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

// ---- a real image to upload: a small solid-colour PNG made here ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A width x height PNG of one colour. */
export async function png(rgb: [number, number, number], width = 96, height = 64): Promise<Buffer> {
  const { deflateSync } = await import("node:zlib");
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByTestId("toast").filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}
