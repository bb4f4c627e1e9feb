import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import ar from "../locales/ar.json";
import en from "../locales/en.json";
import fr from "../locales/fr.json";
import { BASE_URL, launch, siteCookies } from "./browser.ts";

export { BASE_URL };

/** The site's texts by language, as the specs compare them. */
export const TEXTS = { fr, en, ar } as const;
export type Lang = keyof typeof TEXTS;

const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} must be set (scripts/test-server.sh prints it)`);
  return v;
};
export const ANON_KEY = () => need("ANON_KEY");
export const SERVICE_ROLE_KEY = () => need("SERVICE_ROLE_KEY");

/** PostgREST as the service role: fixtures and checks the browser cannot do. */
export async function admin<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  const key = SERVICE_ROLE_KEY();
  const res = await fetch(`${BASE_URL}/rest/v1/${path}`, {
    ...init,
    headers: { apikey: key, authorization: `Bearer ${key}`, "content-type": "application/json", prefer: "return=representation", ...(init.headers ?? {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** PostgREST as an anonymous visitor. */
export async function anon<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  const key = ANON_KEY();
  const res = await fetch(`${BASE_URL}/rest/v1/${path}`, { ...init, headers: { apikey: key, "content-type": "application/json", ...(init.headers ?? {}) } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * The spec file's browser, launched before its tests and closed after them:
 * `const browser = specBrowser();` at the top, `browser()` in a test.
 */
export function specBrowser(): () => Browser {
  let launched: Awaited<ReturnType<typeof launch>> | undefined;
  beforeAll(async () => {
    launched = await launch();
  });
  afterAll(() => launched?.close());
  return () => launched!.browser;
}

/** A car as the booking specs use it. */
export interface BookableCar {
  id: number;
  slug: string;
  name: string;
  brand: string;
  price: number;
}

/** The cars a visitor can book today (available, with no "not before" date), by id. */
export async function bookableCars(): Promise<BookableCar[]> {
  const cars = await anon<(BookableCar & { available: boolean; not_available_until: string | null })[]>(
    "cars?select=id,slug,name,brand,price,available,not_available_until&order=id",
  );
  return cars.filter((c) => c.available && !c.not_available_until);
}

/** The price the database stored with a booking (bookings.quote). */
export interface StoredQuote {
  days: number;
  base: number;
  insurance: number;
  extras: number;
  discount: number;
  total: number;
  due_now: number;
  due_at_pickup: number;
  deposit: number;
  /** The key facts of the car's category (null where the quote states none). */
  excess: number | null;
  mileage_km_per_day: number | null;
  fuel_policy: string | null;
  free_cancellation_until: string | null;
}

/** A stored booking, the columns the specs check. */
export interface BookingRow {
  id: string;
  reference: string;
  status: string;
  payment_status: string;
  payment_method: string;
  paypal_order_id: string | null;
  hold_expires_at: string;
  total_price: number;
  days: number;
  language: string;
  customer_name: string;
  insurance_type: string;
  extras: Record<string, boolean>;
  quote: StoredQuote;
}

/** The bookings stored under a customer's e-mail, read back as the service role. */
export function bookingsOf(email: string): Promise<BookingRow[]> {
  return admin<BookingRow[]>(`bookings?customer_email=eq.${encodeURIComponent(email)}&select=*`);
}

export interface Opened {
  ctx: BrowserContext;
  page: Page;
  errors: string[];
}

/** A fresh visitor: language cookie (or none), consent (or none), wa.me stubbed. */
export async function visitor(
  browser: Browser,
  opts: { lang?: "fr" | "en" | "ar" | null; consent?: string | null; width?: number; locale?: string } = {},
): Promise<Opened> {
  const ctx = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: 900 }, locale: opts.locale ?? "en-US" });
  const cookies = opts.lang === null ? [] : siteCookies(opts.lang ?? "fr", opts.consent === undefined ? "accepted" : opts.consent);
  if (opts.lang === null && opts.consent !== null && opts.consent !== undefined) cookies.push({ name: "cookie-consent", value: opts.consent, url: BASE_URL });
  if (cookies.length) await ctx.addCookies(cookies);
  // The chat link leaves the site; answer it locally (no internet here).
  await ctx.route("https://wa.me/**", (r) => r.fulfill({ contentType: "text/html", body: "<title>wa</title>whatsapp" }));
  await ctx.route(/openstreetmap\.org/, (r) => r.fulfill({ contentType: "text/html", body: "<title>map</title>" }));
  const page = await ctx.newPage();
  untilReady(page);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { ctx, page, errors };
}

/**
 * page.goto to one of our pages returns once the page is interactive (<html data-ready>,
 * components/ReadyMarker.tsx): the server's HTML shows before it is hydrated, and a
 * visitor's typing before that is lost, so a test waits as a person would.
 */
export function untilReady(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (url.startsWith(BASE_URL)) await page.locator("html[data-ready]").waitFor({ state: "attached" });
    return response;
  };
}

/** Digits of a formatted price ("1 234 DH" -> 1234). */
export function priceOf(text: string | null): number {
  return Number((text ?? "").replace(/[^\d]/g, ""));
}

export function isoDaysFromNow(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** The time at the agency now, "HH:MM". */
export function agencyClock(): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Casablanca", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date());
}

/**
 * The date `days` after today at the agency (Casablanca), which is what the
 * database's jobs and its pickup rules count from. It differs from the test
 * machine's date for an hour around midnight: a pickup "tomorrow at 00:30" must
 * be tomorrow in Casablanca to still lie ahead.
 */
export function agencyDaysFromNow(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Casablanca", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core injected into the page: violations of impact serious or critical. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** What a visitor would meet on the page, noted in `found` with where it was seen: axe (serious, critical) and sideways scrolling. */
export async function noteProblems(page: Page, where: string, found: string[]): Promise<void> {
  for (const v of await seriousViolations(page)) found.push(`${where} [${v.impact}] ${v.id}: ${v.help} @ ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  const wide = await sticksOutSideways(page);
  if (wide) found.push(`${where}: ${wide}`);
}

/**
 * Null when the page fits its viewport's width; else the page's width and the
 * innermost elements that stick out (not every ancestor of them).
 */
export async function sticksOutSideways(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    // Only the inline end scrolls (the right, or the left in Arabic); a drawer
    // parked off-screen at the start does not widen the page.
    const rtl = getComputedStyle(document.documentElement).direction === "rtl";
    const out = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && (rtl ? r.left < -1 : r.right > width + 1);
    };
    const culprits = [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter((el) => out(el) && ![...el.children].some(out))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
    return `${document.documentElement.scrollWidth}px (${culprits.join(", ")})`;
  });
}

/** An element's text as the DOM holds it, and the box each of its characters is drawn in. */
export interface DrawnText {
  text: string;
  boxes: { left: number; width: number; top: number }[];
}

/**
 * Where the characters of `el`'s text are drawn: the bidi algorithm reorders
 * what the DOM keeps, so a test of the reading order looks at the boxes.
 */
export function drawnText(el: Locator): Promise<DrawnText> {
  return el.evaluate((root) => {
    // React may split the text in several nodes.
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
    const boxes: DrawnText["boxes"] = [];
    for (const n of nodes) {
      for (let i = 0; i < n.length; i++) {
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const { left, width, top } = r.getBoundingClientRect();
        boxes.push({ left, width, top });
      }
    }
    return { text: nodes.map((n) => n.data).join(""), boxes };
  });
}

/**
 * Texts "A → B" (or "A ← B") in <main> whose arrow, as drawn, does not point
 * from A to B: in Arabic the first item is on the right, so the arrow must be ←.
 */
export async function backwardArrows(page: Page): Promise<string[]> {
  // The innermost elements holding an arrow.
  const all = page.locator("main *");
  const holders = await all.evaluateAll((els) =>
    els.flatMap((el, i) => (/[→←]/.test(el.textContent ?? "") && ![...el.children].some((c) => /[→←]/.test(c.textContent ?? "")) ? [i] : [])),
  );
  const bad: string[] = [];
  for (const i of holders) {
    const { text, boxes } = await drawnText(all.nth(i));
    const at = text.search(/[→←]/);
    const next = text.slice(at + 1).search(/\S/); // first character of B
    if (next < 0) continue;
    const pointsLeft = text[at] === "←";
    if (pointsLeft !== boxes[at + 1 + next]!.left < boxes[at]!.left) bad.push(text.trim());
  }
  return bad;
}

/**
 * Lets the first POST to `url` reach the server (which must answer `status`),
 * then drops the connection before the answer gets back, as a network cut would.
 * Later requests pass. Returns a counter of the POSTs sent so far.
 */
export async function loseFirstAnswer(page: Page, url: string, status: number): Promise<() => number> {
  let posts = 0;
  await page.route(url, async (route) => {
    if (route.request().method() !== "POST" || posts++ > 0) return route.continue();
    expect((await route.fetch()).status()).toBe(status);
    await route.abort("connectionreset");
  });
  return () => posts;
}

/** A row of rpc/car_availability (docs/reservations.md). */
export interface Availability {
  car_id: number;
  free: boolean;
  reason: "booked" | "maintenance" | "unavailable" | "not_yet" | null;
  next_free: string | null;
  days: number;
  /** Paid at the agency (the default options; a WhatsApp request's price): no discount. */
  total: number;
  /** Before any discount (the same as total). */
  subtotal: number;
  /** Paid online in full. */
  online_total: number;
  online_discount_percent: number;
  deposit: number;
  /** null when the free window is already over for these dates. */
  free_cancellation_until: string | null;
  late_cancellation_fee: number;
}

/** The database's availability for a trip ("YYYY-MM-DDTHH:MM" local times), as an anonymous visitor asks it. */
export function availability(pickup: string, ret: string, carId?: number): Promise<Availability[]> {
  return anon<Availability[]>("rpc/car_availability", {
    method: "POST",
    body: JSON.stringify({ p_pickup: pickup, p_return: ret, ...(carId === undefined ? {} : { p_car_id: carId }) }),
  });
}

/**
 * The first `days`-day trip (10:00 to 10:00) starting `fromOffset` days from now or
 * later for which every car of `carIds` is free. Every spec shares one database and
 * cars cannot be booked twice: each test takes dates nobody holds, in its own
 * region of the calendar, so the suite passes in any order and when run again.
 */
export async function freeDates(carIds: number[], days: number, fromOffset: number): Promise<{ from: string; to: string }> {
  for (let offset = fromOffset; offset < fromOffset + 300; offset += days + 1) {
    const from = isoDaysFromNow(offset);
    const to = isoDaysFromNow(offset + days);
    const rows = await availability(`${from}T10:00`, `${to}T10:00`);
    if (carIds.every((id) => rows.find((r) => r.car_id === id)?.free)) return { from, to };
  }
  throw new Error(`no free ${days}-day trip for cars ${carIds.join(",")} from day ${fromOffset}`);
}

/**
 * A confirmed booking stored with the service role: it holds the car for these
 * dates. The request comes from an address, as create-paypal-order's do, so the
 * database takes it for a visitor's: it carries the accepted terms.
 */
export async function holdCar(carId: number, from: string, to: string, email: string, times: { pickup?: string; ret?: string } = {}): Promise<string> {
  const [rules] = await anon<{ terms_version: string }[]>("rental_rules?select=terms_version");
  const [row] = await admin<{ id: string }[]>("bookings", {
    method: "POST",
    body: JSON.stringify({
      terms_version: rules!.terms_version,
      driver_requirements_confirmed: true,
      user_id: crypto.randomUUID(),
      car_id: carId,
      customer_name: "Agency Hold",
      customer_email: email,
      customer_phone: "+212600000001",
      start_date: from,
      end_date: to,
      pickup_time: times.pickup ?? "10:00",
      return_time: times.ret ?? "10:00",
      payment_method: "whatsapp",
      status: "confirmed",
    }),
  });
  return row!.id;
}

// ---- the booking wizard, step by step, as a visitor goes through it ----

export interface Driver {
  name: string;
  email: string;
  phone?: string;
}

/** Steps 1 and 2 (dates, then the driver) of /booking/{slug}; ends on step 3, the options. */
export async function wizardToOptions(page: Page, slug: string, trip: { from: string; to: string }, driver: Driver, origin = BASE_URL): Promise<void> {
  await page.goto(`${origin}/booking/${slug}`);
  await page.getByTestId("wizard-next").waitFor();
  await page.fill("#pickupDate", trip.from);
  await page.fill("#returnDate", trip.to);
  await enterDriver(page, driver);
  await page.locator('input[name="paymentOption"]').first().waitFor();
}

/**
 * From step 1 with its dates set: on to step 2, the driver typed, "next" pressed again.
 * What that shows (step 3, or step 2's errors) is the caller's to wait for.
 */
export async function enterDriver(page: Page, driver: Driver): Promise<void> {
  const next = page.getByTestId("wizard-next");
  await next.click();
  await page.locator("#customerName").waitFor();
  await page.fill("#customerName", driver.name);
  await page.fill("#customerEmail", driver.email);
  await page.fill("#customerPhone", driver.phone ?? "+212 600 000 000");
  await next.click();
}

/** Step 4's boxes: the driver meets the car's minimums, the rental terms are accepted. */
export async function acceptTerms(page: Page): Promise<void> {
  await page.getByTestId("confirm-driver").check();
  await page.getByTestId("accept-terms").check();
}

/**
 * Step 3's choices, then step 4 once the database's price has replaced the
 * estimate, its boxes ticked (`accept: false` leaves them for the spec).
 */
export async function wizardToSummary(
  page: Page,
  choices: { insurance?: string; extras?: string[]; paymentOption?: string; accept?: boolean } = {},
): Promise<void> {
  if (choices.insurance) await page.locator(`input[name="insurance"][value="${choices.insurance}"]`).check();
  for (const extra of choices.extras ?? []) await page.locator(`input[name="extras"][value="${extra}"]`).check();
  if (choices.paymentOption) await page.locator(`input[name="paymentOption"][value="${choices.paymentOption}"]`).check();
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("booking-summary").waitFor();
  await expect.poll(() => page.getByTestId("price-source").getAttribute("data-source")).toBe("server");
  if (choices.accept !== false) await acceptTerms(page);
}

/**
 * Clicks a WhatsApp button (the confirmation card's, or the way forward's "switch"):
 * the chat opens on wa.me (answered locally, see visitor) and the page says the
 * request is sent. Returns the message the chat was opened with.
 */
export async function sendByWhatsApp(page: Page, button = "confirm-whatsapp"): Promise<string> {
  const popup = page.waitForEvent("popup");
  await page.getByTestId(button).click();
  const url = new URL((await popup).url());
  expect(url.hostname).toBe("wa.me");
  await page.getByTestId("booking-sent").waitFor();
  return url.searchParams.get("text") ?? "";
}

/** Sends the request from step 4 and waits for the confirmation card. */
export async function submitWizard(page: Page): Promise<void> {
  await page.getByTestId("wizard-submit").click();
  await page.getByTestId("booking-confirm").waitFor();
}

/** The whole wizard (wizardToOptions, wizardToSummary, submitWizard): ends on the confirmation card. */
export async function wizardToConfirmation(
  page: Page,
  slug: string,
  trip: { from: string; to: string },
  driver: Driver,
  choices: Parameters<typeof wizardToSummary>[1] = {},
): Promise<void> {
  await wizardToOptions(page, slug, trip, driver);
  await wizardToSummary(page, choices);
  await submitWizard(page);
}

/** "PayPal" on the confirmation card, "Pay" on the emulator's page, then the success page shown. */
export async function payByPayPal(page: Page): Promise<void> {
  await page.getByTestId("pay-paypal").click();
  await page.waitForURL(/checkoutnow/);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(/\/booking-success\?/);
  await page.getByTestId("booking-success").waitFor({ timeout: 30_000 });
}

/** The data the server's render of path embeds (<script id="page-data">), and whether it is marked stale; null for the shell. */
export async function servedData<T = Record<string, unknown>>(path: string): Promise<{ stale?: boolean; data: T } | null> {
  const html = await fetch(`${BASE_URL}${path}`).then((r) => r.text());
  const json = /<script id="page-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  return json ? (JSON.parse(json) as { stale?: boolean; data: T }) : null;
}

/**
 * Waits until the server serves path rendered again with a change just written
 * (`shows` reads the embedded data). In the instant after a write, before the change
 * reaches the page store, the page is still its previous render, not yet marked stale.
 */
export async function untilServed(path: string, shows: (data: Record<string, unknown>) => boolean, timeoutMs = 30_000): Promise<void> {
  await expect
    .poll(async () => {
      const served = await servedData(path);
      return served !== null && served.stale !== true && shows(served.data);
    }, { timeout: timeoutMs })
    .toBe(true);
}

/**
 * Waits until the server's stored render of each path is current in each language:
 * pages are rendered ahead of visitors, in the background, after the data they show
 * changes (rental/website/pagerender.go). Until then a page is its last render with its
 * embedded data marked stale (the browser refetches it), or, for a page never
 * rendered, the shell. Specs that edit cars or posts leave such pages behind them.
 */
export async function untilRendered(paths: string[], langs: string[] = ["fr", "en", "ar"], timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const path of paths)
    for (const lang of langs) {
      for (;;) {
        const served = await servedData(`${path}?lang=${lang}`);
        if (served !== null && served.stale !== true) break;
        if (Date.now() > deadline) throw new Error(`${path} (${lang}) is not rendered after ${timeoutMs / 1000} s`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
}
