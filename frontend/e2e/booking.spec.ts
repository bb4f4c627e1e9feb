import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { acceptTerms, admin, anon, backwardArrows, BASE_URL, type BookableCar, bookableCars, bookingsOf, freeDates, loseFirstAnswer, payByPayPal, priceOf, sendByWhatsApp, specBrowser, sticksOutSideways, visitor } from "./helpers.ts";

const browser = specBrowser();
let car: BookableCar;

beforeAll(async () => {
  car = (await bookableCars())[0]!;
});

// The database refuses a second booking of a car for overlapping dates, and every
// spec shares one database: each test takes its own free dates (freeDates), in a
// region of the calendar of its own.

/**
 * Takes the first free `days`-day trip from day `fromDay` on, walks the four steps
 * and sends the request: the trip and the total shown at step 4. `atEachStep` runs
 * once a step is shown.
 */
async function sendWizard(
  page: Page,
  who: { name: string; email: string },
  days: number,
  fromDay: number,
  atEachStep: (step: number) => Promise<void> = async () => {},
): Promise<{ from: string; to: string; shown: number; online: number }> {
  const { from, to } = await freeDates([car.id], days, fromDay);
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
  // An extra no seed car includes (an included one has no box: it costs nothing).
  await page.locator('input[name="extras"][value="carFridge"]').check();
  await page.locator('input[name="paymentOption"][value="half"]').check();
  await next.click();
  await page.getByTestId("booking-summary").waitFor();
  // The database's figure replaces the estimate.
  await expect.poll(() => page.getByTestId("price-source").getAttribute("data-source")).toBe("server");
  await atEachStep(4);
  const shown = priceOf(await page.getByTestId("summary-total").textContent());
  // Paid online (PayPal): the payment option's own figure, stated beside the agency's.
  const online = priceOf(await page.getByTestId("summary-online-total").textContent());
  await acceptTerms(page);
  await page.getByTestId("wizard-submit").click();
  return { from, to, shown, online };
}

async function quote(from: string, to: string): Promise<{ total: number; days: number }> {
  return anon("rpc/quote_booking", {
    method: "POST",
    body: JSON.stringify({ p_car_id: car.id, p_start: from, p_end: to, p_insurance: "premium", p_extras: { gps: true, carFridge: true }, p_payment_option: "half" }),
  });
}

describe("booking", () => {
  it("WhatsApp: stores a pending booking priced by the server, tracks the click, opens the chat in the chosen language", async () => {
    const { page, ctx, errors } = await visitor(browser(), { lang: "en" });
    const email = `wa-${Date.now()}@example.com`;
    const { from, to, shown } = await sendWizard(page, { name: "Wanda Whatsapp", email }, 3, 120);
    const q = await quote(from, to);
    expect(shown).toBe(q.total);
    const clicksBefore = (await admin<unknown[]>(`whatsapp_clicks?select=id&car_id=eq.${car.id}`)).length;

    await page.getByTestId("booking-confirm").waitFor();
    const text = await sendByWhatsApp(page);
    expect(text).toContain("I would like to confirm my booking");
    expect(text).toContain(email);
    expect(priceOf(await page.getByTestId("price-line-total").locator("dd").textContent())).toBe(q.total);

    const rows = await bookingsOf(email);
    expect(rows).toHaveLength(1);
    const b = rows[0]!;
    expect(b).toMatchObject({ status: "pending", payment_method: "whatsapp", total_price: q.total, days: 3, language: "en", insurance_type: "premium" });
    expect(b.extras).toEqual({ gps: true, carFridge: true });
    const clicksAfter = (await admin<unknown[]>(`whatsapp_clicks?select=id&car_id=eq.${car.id}`)).length;
    expect(clicksAfter).toBe(clicksBefore + 1);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("WhatsApp: an answer lost on the way back does not store the booking twice", async () => {
    const { page, ctx, errors } = await visitor(browser(), { lang: "fr" });
    const email = `wa-lost-${Date.now()}@example.com`;
    await sendWizard(page, { name: "Lina Lost", email }, 2, 150);
    await page.getByTestId("booking-confirm").waitFor();
    // The first insert reaches the server, then the connection drops before the answer.
    const stored = await loseFirstAnswer(page, "**/rest/v1/bookings*", 201);
    await sendByWhatsApp(page);
    expect(stored()).toBe(2); // the SPEC's one retry went out, with the same booking id

    const rows = await bookingsOf(email);
    expect(rows).toHaveLength(1);
    // A WhatsApp request pays nothing online (docs/booking-record.md).
    expect(rows[0]).toMatchObject({ status: "pending", payment_status: "none", payment_method: "whatsapp" });
    // The one stored booking's reference, read back after the retry.
    expect(await page.getByTestId("booking-reference").textContent()).toBe(rows[0]!.reference);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("on a 360 px phone in Arabic every step fits the screen and the booking goes through", async () => {
    const { page, ctx, errors } = await visitor(browser(), { lang: "ar", width: 360 });
    const email = `wa-phone-${Date.now()}@example.com`;
    const wide: string[] = [];
    const fits = async (step: number | string) => {
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      const out = await sticksOutSideways(page);
      if (out) wide.push(`step ${step}: ${out}`);
      for (const text of await backwardArrows(page)) wide.push(`step ${step}: arrow points backwards in "${text}"`);
    };
    await sendWizard(page, { name: "سعاد العلوي", email }, 4, 180, fits);
    await page.getByTestId("booking-confirm").waitFor();
    await fits("confirm");
    expect(await page.getByTestId("booking-confirm").textContent()).toContain("مطار محمد الخامس"); // the place, in Arabic
    await sendByWhatsApp(page);
    await fits("sent");
    expect(wide).toEqual([]);
    const rows = await bookingsOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ language: "ar", customer_name: "سعاد العلوي", status: "pending" });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("PayPal (emulator): approve and land on a confirmed /booking-success", async () => {
    const { page, ctx } = await visitor(browser(), { lang: "fr" });
    const email = `pp-${Date.now()}@example.com`;
    const { online: shown } = await sendWizard(page, { name: "Paul Paypal", email }, 2, 210);
    await page.getByTestId("payments-simulated").waitFor(); // the emulator is labelled
    await payByPayPal(page);
    expect(await page.locator("h1").textContent()).toBe("Réservation confirmée !");
    expect(priceOf(await page.getByTestId("booking-total").locator("strong").textContent())).toBe(shown);

    const [b] = await bookingsOf(email);
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
    const { page, ctx } = await visitor(browser(), { lang: "en" });
    const email = `pp-lost-${Date.now()}@example.com`;
    await sendWizard(page, { name: "Lara Lost", email }, 2, 240);
    await page.getByTestId("payments-simulated").waitFor();
    // The first call reaches the server (booking stored, order created), then the answer is lost.
    const calls = await loseFirstAnswer(page, "**/functions/v1/create-paypal-order", 200);
    await page.getByTestId("pay-paypal").click();
    await page.getByTestId("payment-error").waitFor();
    await page.getByTestId("pay-paypal").click(); // the visitor tries again
    await page.waitForURL(/checkoutnow/);
    expect(calls()).toBe(2);
    const rows = await bookingsOf(email);
    expect(rows).toHaveLength(1);
    expect(new URL(page.url()).searchParams.get("token")).toBe(rows[0]!.paypal_order_id);
    await ctx.close();
  });

  it("PayPal cancel lands on /booking-cancelled, which keeps the booking (way-forward.spec.ts goes on from there)", async () => {
    const { page, ctx } = await visitor(browser(), { lang: "ar" });
    await sendWizard(page, { name: "Carla Cancel", email: `cancel-${Date.now()}@example.com` }, 1, 270);
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
    const { page, ctx } = await visitor(browser(), { lang: "fr" });
    await page.goto(`${BASE_URL}/booking-success`);
    await page.getByTestId("booking-error").waitFor();
    expect(await page.getByRole("alert").textContent()).toBe("Paramètres de paiement manquants");
    await ctx.close();
  });
});
