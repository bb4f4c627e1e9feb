// The back office's planning,
// fleet x days, in a real browser against the real server and database. Two
// bookings made the way the site makes them (a visitor's pending request, a
// confirmed one as the PayPal capture leaves it) and a maintenance block added
// through the form are shown at 1366 px (grid) and 360 px (list); a bar opens
// the booking's details; axe finds nothing serious.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./browser.ts";
import { seriousViolations, sticksOutSideways } from "./helpers.ts";
import { adminClient, adminPage, BASE_URL, client, expectToast, freeCars, insertBooking, isoDay, loginAsAdmin, serviceClient, unique } from "./admin-helpers.ts";

/** The reference the database gave a booking (the details dialog is named after it). */
async function referenceOf(id: string): Promise<string> {
  const { data, error } = await serviceClient().from("bookings").select("reference").eq("id", id).single();
  if (error) throw new Error(`reference read failed: ${error.message}`);
  return data.reference as string;
}

let browser: Browser;
let close: () => Promise<void>;
let page: Page;
const pageErrors: string[] = [];

// Three cars free for a week, far enough ahead to meet no other spec's dates:
// A (pending) on car 1 for days s..s+2, B (confirmed) on car 2 for s+3..s+5,
// C (cancelled) on car 2 for s..s+1, and the block on car 3 for s+4..s+5.
let cars: [number, number, number];
let s = 0;
const day = (n: number) => isoDay(s + n);
const who = { a: unique("Amina Planning"), b: unique("Bruno Planning"), c: unique("Chaima Annulée") };
const ids = { a: "", b: "", c: "" };
const reason = unique("Vidange et freins");
let blockId = 0;

/** The Monday of the week holding `iso` (where the planning's window opens). */
function monday(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

const planningUrl = () => `${BASE_URL}/admin/planning?from=${day(0)}`;
const bar = (p: Page | Locator, id: string) => p.locator(`[data-testid="plan-booking"][data-booking-id="${id}"]`);
const blockBar = (p: Page | Locator) => p.locator(`[data-testid="plan-block"][data-block-id="${blockId}"]`);
const row = (carId: number) => page.locator(`[data-testid="planning-row"][data-car-id="${carId}"]`);

beforeAll(async () => {
  ({ browser, close } = await launch());
  ({ page } = await adminPage(browser, { width: 1366, errors: pageErrors }));

  const free = await freeCars(3, { startInDays: 380, days: 7 });
  cars = free.carIds as [number, number, number];
  s = free.startInDays;
  const anon = await client();
  const svc = serviceClient();
  ids.a = await insertBooking(anon, { carId: cars[0], name: who.a, email: "amina@example.com", startInDays: s, days: 2 });
  ids.b = await insertBooking(svc, { carId: cars[1], name: who.b, email: "bruno@example.com", startInDays: s + 3, days: 2, status: "confirmed" });
  ids.c = await insertBooking(svc, { carId: cars[1], name: who.c, email: "chaima@example.com", startInDays: s, days: 1, status: "cancelled" });
  await loginAsAdmin(page);
});

afterAll(async () => {
  // Leave the cars free for the next run's search (it looks further ahead anyway).
  const svc = serviceClient();
  await svc.from("bookings").delete().in("id", Object.values(ids).filter(Boolean));
  if (blockId) await svc.from("car_blocks").delete().eq("id", blockId);
  await close();
});

describe("planning at 1366 px", () => {
  it("is reached from the sidebar, and opens on the requested week", async () => {
    await page.goto(`${BASE_URL}/admin/dashboard`);
    await page.getByRole("link", { name: "Planning" }).click();
    await page.waitForURL(`${BASE_URL}/admin/planning`);
    await page.getByRole("heading", { name: "Planning", level: 1 }).waitFor();
    await page.goto(planningUrl());
    await page.getByTestId("planning-grid").waitFor();
    expect(await page.getByTestId("planning-list").count()).toBe(0);
    const first = new Date(`${monday(day(0))}T00:00:00Z`);
    const last = new Date(first.getTime() + 13 * 86_400_000);
    const fmt = (d: Date, o: Intl.DateTimeFormatOptions) => d.toLocaleDateString("fr-FR", { timeZone: "UTC", ...o });
    // "12 – 25 janv. 2026" (or across months / years): both ends are named.
    const period = (await page.getByTestId("planning-period").textContent()) ?? "";
    expect(period).toContain(fmt(last, { day: "numeric", month: "short", year: "numeric" }));
    expect(period.startsWith(String(first.getUTCDate()))).toBe(true);
  });

  it("draws both bookings on their cars and days, coloured by status, and leaves the cancelled one out", async () => {
    const a = bar(row(cars[0]), ids.a);
    const b = bar(row(cars[1]), ids.b);
    await a.waitFor();
    await b.waitFor();
    expect(await a.getAttribute("data-status")).toBe("pending");
    expect(await b.getAttribute("data-status")).toBe("confirmed");
    // Each bar's name says the customer, the dates and the status.
    const nameA = (await a.textContent()) ?? "";
    expect(nameA).toContain(`${who.a}, du `);
    expect(nameA).toContain(" 10:00, En attente, option jusqu'au ");
    expect(await b.textContent()).toMatch(new RegExp(`^${who.b}${who.b}, du .+ 10:00 au .+ 10:00, Confirmée$`));
    expect(await page.getByRole("button", { name: new RegExp(`^${who.b}, du `) }).count()).toBe(1);
    // Different colours.
    const bg = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await bg(a)).not.toBe(await bg(b));
    // On their days: A from day 0 10:00 to day 2 10:00, B from day 3 to day 5.
    const col = async (iso: string) => {
      const i = Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.parse(`${monday(day(0))}T00:00:00Z`)) / 86_400_000);
      return (await page.locator(".adm-plan__day").nth(i).boundingBox())!;
    };
    const boxA = (await a.boundingBox())!;
    const [a0, a2] = [await col(day(0)), await col(day(2))];
    expect(boxA.x).toBeGreaterThan(a0.x + a0.width * 0.3);
    expect(boxA.x).toBeLessThan(a0.x + a0.width * 0.5);
    expect(boxA.x + boxA.width).toBeGreaterThan(a2.x + a2.width * 0.3);
    expect(boxA.x + boxA.width).toBeLessThan(a2.x + a2.width * 0.5);
    const boxB = (await b.boundingBox())!;
    const b3 = await col(day(3));
    expect(Math.abs(boxB.x - (b3.x + b3.width * (10 / 24)))).toBeLessThan(4);
    // Cancelled: not drawn until asked, then drawn faded.
    expect(await bar(page, ids.c).count()).toBe(0);
    await page.getByLabel(/Afficher les réservations annulées et expirées/).check();
    const c = bar(row(cars[1]), ids.c);
    await c.waitFor();
    expect(await c.getAttribute("data-status")).toBe("cancelled");
    expect(await c.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
    await page.getByLabel(/Afficher les réservations annulées et expirées/).uncheck();
    await expect.poll(() => bar(page, ids.c).count()).toBe(0);
  });

  it("opens the booking's details from a bar, with the mouse and with the keyboard", async () => {
    await bar(page, ids.a).click();
    const details = page.getByRole("dialog", { name: `Détails de la réservation ${await referenceOf(ids.a)}` });
    await details.waitFor();
    await details.getByText(who.a).waitFor();
    await details.getByTestId("booking-hold-detail").waitFor();
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "hidden" });

    await bar(page, ids.b).focus();
    await page.keyboard.press("Enter");
    const detailsB = page.getByRole("dialog", { name: `Détails de la réservation ${await referenceOf(ids.b)}` });
    await detailsB.getByText(who.b).waitFor();
    await page.keyboard.press("Escape");
    await detailsB.waitFor({ state: "hidden" });
    // The focus comes back to the bar.
    expect(await bar(page, ids.b).evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("adds a maintenance block from the planning, warning first when it covers a booking", async () => {
    await page.getByRole("button", { name: "Ajouter une maintenance" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvelle maintenance" });
    const form = dialog.getByTestId("block-form");
    // The form's rules.
    await form.locator('input[name="start_date"]').fill(day(2));
    await form.locator('input[name="end_date"]').fill(day(1));
    await dialog.getByRole("button", { name: "Ajouter la maintenance" }).click();
    await form.getByText("Choisissez un véhicule").waitFor();
    await form.getByText("La date de fin doit être le jour du début ou après").waitFor();
    await form.getByText("Le motif est requis").waitFor();
    // Over booking A (car 1, day 1): the form says so and names it.
    await form.locator('select[name="car_id"]').selectOption(String(cars[0]));
    await form.locator('input[name="start_date"]').fill(day(1));
    await form.locator('input[name="end_date"]').fill(day(1));
    const covers = form.getByTestId("block-covers");
    await covers.waitFor();
    expect(await covers.textContent()).toContain("cette période couvre 1 réservation de ce véhicule");
    expect(await covers.textContent()).toContain(who.a);
    // Car 3 on days 4..5 covers nothing.
    await form.locator('select[name="car_id"]').selectOption(String(cars[2]));
    await form.locator('input[name="end_date"]').fill(day(5));
    await form.locator('input[name="start_date"]').fill(day(4));
    await expect.poll(() => covers.count()).toBe(0);
    await form.getByLabel(/^Motif/).fill(reason);
    await dialog.getByRole("button", { name: "Ajouter la maintenance" }).click();
    await expectToast(page, "Maintenance ajoutée");
    await dialog.waitFor({ state: "hidden" });

    const { data } = await (await adminClient()).from("car_blocks").select("id, car_id, start_date, end_date, reason, created_by").eq("reason", reason).single();
    const admin = await adminClient();
    const adminId = (await admin.auth.getUser()).data.user!.id;
    expect(data).toMatchObject({ car_id: cars[2], start_date: day(4), end_date: day(5), reason, created_by: adminId });
    blockId = data!.id as number;

    const k = blockBar(row(cars[2]));
    await k.waitFor();
    expect(await k.textContent()).toContain(reason);
    expect(await k.textContent()).toMatch(/Maintenance : .+, du .+ au .+ inclus$/);
    // Still there after a reload: it is stored, not only drawn.
    await page.reload();
    await blockBar(row(cars[2])).waitFor();
    await bar(row(cars[0]), ids.a).waitFor();
    await bar(row(cars[1]), ids.b).waitFor();
  });

  it("moves a week at a time, and back", async () => {
    const before = await page.getByTestId("planning-period").textContent();
    await page.getByRole("button", { name: "Semaine suivante" }).click();
    await expect.poll(() => page.getByTestId("planning-period").textContent()).not.toBe(before);
    const next = new Date(Date.parse(`${monday(day(0))}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(new URL(page.url()).searchParams.get("from")).toBe(next);
    await page.getByRole("button", { name: "Semaine précédente" }).click();
    await expect.poll(() => page.getByTestId("planning-period").textContent()).toBe(before);
    await bar(page, ids.a).waitFor();
  });

  it("has no serious accessibility violation, nor in the form", async () => {
    const found: Record<string, unknown> = {};
    let v = await seriousViolations(page);
    if (v.length) found.planning = v;
    await page.getByRole("button", { name: "Ajouter une maintenance" }).click();
    await page.getByRole("dialog", { name: "Nouvelle maintenance" }).waitFor();
    v = await seriousViolations(page);
    if (v.length) found.form = v;
    await page.keyboard.press("Escape");
    await blockBar(page).click();
    await page.getByTestId("block-details").waitFor();
    v = await seriousViolations(page);
    if (v.length) found.block = v;
    await page.keyboard.press("Escape");
    expect(found).toEqual({});
  });
});

describe("planning at 360 px", () => {
  it("lists the bookings and the block per car, without sideways scrolling", async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(planningUrl(), { waitUntil: "networkidle" });
    const list = page.getByTestId("planning-list");
    await list.waitFor();
    expect(await page.getByTestId("planning-grid").count()).toBe(0);
    const a = bar(list.locator(`[data-car-id="${cars[0]}"]`), ids.a);
    const b = bar(list.locator(`[data-car-id="${cars[1]}"]`), ids.b);
    const k = blockBar(list.locator(`[data-car-id="${cars[2]}"]`));
    for (const l of [a, b, k]) expect(await l.isVisible()).toBe(true);
    expect(await a.textContent()).toContain(`${who.a}, du `);
    expect(await b.textContent()).toContain(", Confirmée");
    expect(await k.textContent()).toContain(reason);
    expect(await sticksOutSideways(page)).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);

    await a.click();
    const details = page.getByRole("dialog", { name: `Détails de la réservation ${await referenceOf(ids.a)}` });
    await details.getByText(who.a).waitFor();
    expect(await sticksOutSideways(page)).toBeNull();
    await page.keyboard.press("Escape");
  });

  it("deletes the block after a confirmation", async () => {
    await blockBar(page).click();
    await page.getByTestId("block-details").getByText(reason).waitFor();
    await page.getByRole("button", { name: "Supprimer la maintenance" }).click();
    await page.getByRole("dialog", { name: "Supprimer la maintenance" }).getByText(/Le véhicule redeviendra réservable sur ces dates/).waitFor();
    await page.getByTestId("confirm-action").click();
    await expectToast(page, "Maintenance supprimée");
    await expect.poll(() => blockBar(page).count()).toBe(0);
    const { data } = await serviceClient().from("car_blocks").select("id").eq("id", blockId);
    expect(data).toEqual([]);
    blockId = 0;
    await page.setViewportSize({ width: 1366, height: 900 });
    expect(pageErrors).toEqual([]);
  });
});
