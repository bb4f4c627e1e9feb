// The back office follows bookings and messages
// live through /realtime/v1 (supabase-js channels against the real server). A
// visitor books in one browser context; the administrator's bookings list, in
// another, shows the booking without a reload and a toast names the customer and
// the car. The public pages never open a socket.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { freeDates, specBrowser, visitor, wizardToConfirmation } from "./helpers.ts";
import { adminPage, BASE_URL, client, freeCar, insertBooking, insertContact, isoDay, loginAsAdmin, unique } from "./admin-helpers.ts";

const browser = specBrowser();

/** The admin's page, signed in, with its live feed joined; a marker tells a reload apart. */
async function adminAt(path: string): Promise<Page> {
  const { page } = await adminPage(browser());
  await loginAsAdmin(page, path);
  await expect.poll(() => page.getByTestId("live-status").getAttribute("data-status"), { timeout: 15_000 }).toBe("live");
  // Every toast shown from now on, kept (a toast leaves after 5 s, and a booking's
  // row, hence its toast, is made while the visitor is still in the wizard).
  await page.evaluate(() => {
    const w = window as unknown as { notReloaded: boolean; toastsSeen: string[] };
    w.notReloaded = true;
    w.toastsSeen = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="toast"]')) {
        const text = el.textContent ?? "";
        if (text && !w.toastsSeen.includes(text)) w.toastsSeen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return page;
}

/** Waits until a toast containing `text` has been shown on the admin's page. */
async function toastShown(page: Page, text: string): Promise<void> {
  const seen = () => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
  await expect.poll(seen, { timeout: 15_000 }).toContainEqual(expect.stringContaining(text));
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

describe("the back office, live", () => {
  it("a booking made in one browser appears in the admin's bookings list in another, named by a toast, and the public pages open no socket", async () => {
    const admin = await adminAt("/admin/bookings");
    const { carId } = await freeCar(400, 3);
    const anon = await client();
    const { data: car, error } = await anon.from("cars").select("slug, brand, name").eq("id", carId).single();
    if (error || !car) throw new Error(`car read failed: ${error?.message}`);
    const { from, to } = await freeDates([carId], 3, 400);

    const { page, ctx, errors } = await visitor(browser(), { lang: "fr" });
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    const name = `Live ${unique("client")}`;
    for (const path of ["/", "/vehicles", `/cars/${car.slug}`]) await page.goto(`${BASE_URL}${path}`);
    await wizardToConfirmation(page, car.slug, { from, to }, { name, email: `${unique("live")}@example.com`, phone: "+212 600 000 019" });
    const chat = page.waitForEvent("popup");
    await page.getByTestId("confirm-whatsapp").click(); // the request is stored here
    await chat;
    await page.getByTestId("booking-sent").waitFor();
    expect(sockets, "the public site opened a websocket").toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();

    await toastShown(admin, `Nouvelle réservation : ${name} — ${car.brand} ${car.name}`);
    await admin.getByRole("main").getByText(name).first().waitFor({ timeout: 15_000 });
    expect(await notReloaded(admin)).toBe(true);
    await admin.context().close();
  });

  it("the dashboard and the messages badge follow new bookings and messages", async () => {
    const admin = await adminAt("/admin/dashboard");
    const badge = admin.getByTestId("new-messages");
    const before = Number((await badge.count()) ? await badge.textContent() : 0);
    const anon = await client();

    const who = `Message ${unique("live")}`;
    await insertContact(anon, { name: who, email: `${unique("m")}@example.com`, subject: "Siège bébé", message: "Avez-vous un siège bébé ?" });
    await toastShown(admin, `Nouveau message de ${who} : Siège bébé`);
    await expect.poll(async () => Number(await badge.textContent()), { timeout: 15_000 }).toBe(before + 1);

    const { carId, startInDays } = await freeCar(430, 2);
    const name = `Dash ${unique("live")}`;
    await insertBooking(anon, { carId, name, email: `${unique("d")}@example.com`, startInDays, days: 2 });
    await admin.getByRole("main").getByText(name).first().waitFor({ timeout: 15_000 });
    expect(await notReloaded(admin)).toBe(true);
    await admin.context().close();
  });

  it("an administrator's planning shows a booking made meanwhile", async () => {
    const { carId, startInDays } = await freeCar(3, 2);
    const admin = await adminAt(`/admin/planning?from=${isoDay(startInDays)}`);
    const anon = await client();
    const name = `Plan ${unique("live")}`;
    await insertBooking(anon, { carId, name, email: `${unique("p")}@example.com`, startInDays, days: 2 });
    await toastShown(admin, `Nouvelle réservation : ${name}`);
    await admin.getByRole("main").getByText(name).first().waitFor({ timeout: 15_000 });
    expect(await notReloaded(admin)).toBe(true);
    await admin.context().close();
  });
});
