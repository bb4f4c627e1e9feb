import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./browser.ts";
import { admin, anon, backwardArrows, BASE_URL, freeDates, loseFirstAnswer, priceOf, sticksOutSideways, visitor } from "./helpers.ts";

interface CarRow {
  id: number;
  slug: string;
  name: string;
  price: number;
  available: boolean;
  not_available_until: string | null;
}
interface BookingRow {
  id: string;
  reference: string;
  status: string;
  payment_status: string;
  payment_method: string;
  total_price: number;
  days: number;
  language: string;
  customer_name: string;
  insurance_type: string;
  extras: Record<string, boolean>;
}

let browser: Browser;
let close: () => Promise<void>;
let car: CarRow;

beforeAll(async () => {
  ({ browser, close } = await launch());
  const cars = await anon<CarRow[]>("cars?select=id,slug,name,price,available,not_available_until&order=id");
  car = cars.find((c) => c.available && !c.not_available_until)!;
});
afterAll(() => close());

// The database refuses a second booking of a car for overlapping dates, and every
// spec shares one database: each test takes its own free dates (freeDates), in a
// region of the calendar of its own.

/** Walks the four steps; returns the total shown at step 4. `atEachStep` runs once a step is shown. */
async function fillWizard(
  page: Page,
  who: { name: string; email: string },
  from: string,
  to: string,
  atEachStep: (step: number) => Promise<void> = async () => {},
): Promise<number> {
  await page.goto(`${BASE_URL}/booking/${car.slug}`);
  const next = page.getByTestId("wizard-next");
  await next.waitFor();
  await atEachStep(1);
  expect(await next.isDisabled()).toBe(true); // no dates yet
  await page.fill("#pickupDate", from);
  await page.fill("#returnDate", to);
  expect(await next.isDisabled()).toBe(false);
  await next.click();
  await page.locator("#customerName").waitFor();
  await atEachStep(2);
  expect(await next.isDisabled()).toBe(true); // no driver yet
  await page.fill("#customerName", who.name);
  await page.fill("#customerEmail", who.email);
  await page.fill("#customerPhone", "+212 600 000 000");
  await next.click();
  await page.locator('input[name="insurance"][value="premium"]').waitFor();
  await atEachStep(3);
  await page.locator('input[name="insurance"][value="premium"]').check();
  await page.locator('input[name="extras"][value="gps"]').check();
  await page.locator('input[name="extras"][value="roadAssistance"]').check();
  await page.locator('input[name="paymentOption"][value="half"]').check();
  await next.click();
  await page.getByTestId("booking-summary").waitFor();
  // The database's figure replaces the estimate.
  await expect.poll(() => page.getByTestId("price-source").getAttribute("data-source")).toBe("server");
  await atEachStep(4);
  return priceOf(await page.getByTestId("summary-total").textContent());
}

async function quote(from: string, to: string): Promise<{ total: number; days: number }> {
  return anon("rpc/quote_booking", {
    method: "POST",
    body: JSON.stringify({ p_car_id: car.id, p_start: from, p_end: to, p_insurance: "premium", p_extras: { gps: true, roadAssistance: true }, p_payment_option: "half" }),
  });
}

describe("booking", () => {
  it("WhatsApp: stores a pending booking priced by the server, tracks the click, opens the chat in the chosen language", async () => {
    const { page, ctx, errors } = await visitor(browser, { lang: "en" });
    const email = `wa-${Date.now()}@example.com`;
    const { from, to } = await freeDates([car.id], 3, 120);
    const shown = await fillWizard(page, { name: "Wanda Whatsapp", email }, from, to);
    const q = await quote(from, to);
    expect(shown).toBe(q.total);
    const clicksBefore = (await admin<unknown[]>(`whatsapp_clicks?select=id&car_id=eq.${car.id}`)).length;

    await page.getByTestId("wizard-submit").click();
    await page.getByTestId("booking-confirm").waitFor();
    const popup = page.waitForEvent("popup");
    await page.getByTestId("confirm-whatsapp").click();
    const chat = await popup;
    const url = new URL(chat.url());
    expect(url.hostname).toBe("wa.me");
    const text = url.searchParams.get("text") ?? "";
    expect(text).toContain("I would like to confirm my booking");
    expect(text).toContain(email);
    await page.getByTestId("booking-sent").waitFor();
    expect(priceOf(await page.getByTestId("price-line-total").locator("dd").textContent())).toBe(q.total);

    const rows = await admin<BookingRow[]>(`bookings?customer_email=eq.${encodeURIComponent(email)}&select=*`);
    expect(rows).toHaveLength(1);
    const b = rows[0]!;
    expect(b).toMatchObject({ status: "pending", payment_method: "whatsapp", total_price: q.total, days: 3, language: "en", insurance_type: "premium" });
    expect(b.extras).toMatchObject({ gps: true, roadAssistance: true, wifi: false });
    const clicksAfter = (await admin<unknown[]>(`whatsapp_clicks?select=id&car_id=eq.${car.id}`)).length;
    expect(clicksAfter).toBe(clicksBefore + 1);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("WhatsApp: an answer lost on the way back does not store the booking twice", async () => {
    const { page, ctx, errors } = await visitor(browser, { lang: "fr" });
    const email = `wa-lost-${Date.now()}@example.com`;
    const { from, to } = await freeDates([car.id], 2, 150);
    await fillWizard(page, { name: "Lina Lost", email }, from, to);
    await page.getByTestId("wizard-submit").click();
    await page.getByTestId("booking-confirm").waitFor();
    // The first insert reaches the server, then the connection drops before the answer.
    const stored = await loseFirstAnswer(page, "**/rest/v1/bookings*", 201);
    const popup = page.waitForEvent("popup");
    await page.getByTestId("confirm-whatsapp").click();
    await popup;
    await page.getByTestId("booking-sent").waitFor();
    expect(stored()).toBe(2); // the SPEC's one retry went out, with the same booking id

    const rows = await admin<BookingRow[]>(`bookings?customer_email=eq.${encodeURIComponent(email)}&select=*`);
    expect(rows).toHaveLength(1);
    // A WhatsApp request pays nothing online (docs/booking-record.md).
    expect(rows[0]).toMatchObject({ status: "pending", payment_status: "none", payment_method: "whatsapp" });
    // The one stored booking's reference, read back after the retry.
    expect(await page.getByTestId("booking-reference").textContent()).toBe(rows[0]!.reference);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("on a 360 px phone in Arabic every step fits the screen and the booking goes through", async () => {
    const { page, ctx, errors } = await visitor(browser, { lang: "ar", width: 360 });
    const email = `wa-phone-${Date.now()}@example.com`;
    const wide: string[] = [];
    const fits = async (step: number | string) => {
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      const out = await sticksOutSideways(page);
      if (out) wide.push(`step ${step}: ${out}`);
      for (const text of await backwardArrows(page)) wide.push(`step ${step}: arrow points backwards in "${text}"`);
    };
    const { from, to } = await freeDates([car.id], 4, 180);
    await fillWizard(page, { name: "سعاد العلوي", email }, from, to, fits);
    await page.getByTestId("wizard-submit").click();
    await page.getByTestId("booking-confirm").waitFor();
    await fits("confirm");
    expect(await page.getByTestId("booking-confirm").textContent()).toContain("مطار محمد الخامس"); // the place, in Arabic
    const popup = page.waitForEvent("popup");
    await page.getByTestId("confirm-whatsapp").click();
    await popup;
    await page.getByTestId("booking-sent").waitFor();
    await fits("sent");
    expect(wide).toEqual([]);
    const rows = await admin<BookingRow[]>(`bookings?customer_email=eq.${encodeURIComponent(email)}&select=*`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ language: "ar", customer_name: "سعاد العلوي", status: "pending" });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("PayPal (emulator): approve and land on a confirmed /booking-success", async () => {
    const { page, ctx } = await visitor(browser, { lang: "fr" });
    const email = `pp-${Date.now()}@example.com`;
    const { from, to } = await freeDates([car.id], 2, 210);
    const shown = await fillWizard(page, { name: "Paul Paypal", email }, from, to);
    await page.getByTestId("wizard-submit").click();
    await page.getByTestId("payments-simulated").waitFor(); // the emulator is labelled
    await page.getByTestId("pay-paypal").click();
    await page.waitForURL(/checkoutnow/);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/booking-success\?/);
    await page.getByTestId("booking-success").waitFor({ timeout: 30_000 });
    expect(await page.locator("h1").textContent()).toBe("Réservation confirmée !");
    expect(priceOf(await page.getByTestId("booking-total").locator("strong").textContent())).toBe(shown);

    const [b] = await admin<BookingRow[]>(`bookings?customer_email=eq.${encodeURIComponent(email)}&select=*`);
    expect(b).toMatchObject({ status: "confirmed", payment_status: "paid", payment_method: "paypal", total_price: shown });
    // The short reference the database gave the booking, not a piece of its id.
    expect(await page.getByTestId("booking-reference").textContent()).toBe(b!.reference);
    expect(b!.reference).toMatch(/^CR-[2-9A-HJKMNP-Z]{5}$/);
    // Reloading the return page captures nothing twice and shows the same booking.
    await page.reload();
    await page.getByTestId("booking-success").waitFor({ timeout: 30_000 });
    await ctx.close();
  });

  it("PayPal: an order request whose answer is lost, sent again, makes one booking and one order", async () => {
    const { page, ctx } = await visitor(browser, { lang: "en" });
    const email = `pp-lost-${Date.now()}@example.com`;
    const { from, to } = await freeDates([car.id], 2, 240);
    await fillWizard(page, { name: "Lara Lost", email }, from, to);
    await page.getByTestId("wizard-submit").click();
    await page.getByTestId("payments-simulated").waitFor();
    // The first call reaches the server (booking stored, order created), then the answer is lost.
    const calls = await loseFirstAnswer(page, "**/functions/v1/create-paypal-order", 200);
    await page.getByTestId("pay-paypal").click();
    await page.getByTestId("payment-error").waitFor();
    await page.getByTestId("pay-paypal").click(); // the visitor tries again
    await page.waitForURL(/checkoutnow/);
    expect(calls()).toBe(2);
    const rows = await admin<(BookingRow & { paypal_order_id: string })[]>(`bookings?customer_email=eq.${encodeURIComponent(email)}&select=*`);
    expect(rows).toHaveLength(1);
    expect(new URL(page.url()).searchParams.get("token")).toBe(rows[0]!.paypal_order_id);
    await ctx.close();
  });

  it("PayPal cancel lands on /booking-cancelled, which keeps the booking (way-forward.spec.ts goes on from there)", async () => {
    const { page, ctx } = await visitor(browser, { lang: "ar" });
    const { from, to } = await freeDates([car.id], 1, 270);
    await fillWizard(page, { name: "Carla Cancel", email: `cancel-${Date.now()}@example.com` }, from, to);
    await page.getByTestId("wizard-submit").click();
    await page.getByTestId("pay-paypal").click();
    await page.waitForURL(/checkoutnow/);
    await page.getByRole("button", { name: /Cancel/ }).click();
    await page.waitForURL(/\/booking-cancelled/);
    await page.getByTestId("way-forward").waitFor();
    expect(await page.locator("h1").textContent()).toBe("لم يكتمل الدفع");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await ctx.close();
  });

  it("the return page without PayPal's parameters says they are missing", async () => {
    const { page, ctx } = await visitor(browser, { lang: "fr" });
    await page.goto(`${BASE_URL}/booking-success`);
    await page.getByTestId("booking-error").waitFor();
    expect(await page.getByRole("alert").textContent()).toBe("Paramètres de paiement manquants");
    await ctx.close();
  });
});
