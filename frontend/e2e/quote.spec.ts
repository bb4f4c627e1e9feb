import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./browser.ts";
import wordsFr from "../../rental/notifications/words/fr.json";
import { acceptTerms, admin, anon, BASE_URL, type BookingRow, bookingsOf, enterDriver, freeDates, priceOf, sendByWhatsApp, submitWizard, visitor } from "./helpers.ts";

// One table of hand-worked cases (migrations/testdata/
// quote_cases.json) holds the quote function, the PayPal function (Go tests) and
// the site (here) to the same figures. The site has no price rule of its own: the
// wizard shows what public.quote_booking answers. The table's figures are those of
// paying online (p_payment_method 'paypal'); a WhatsApp request pays at the agency.

interface QuoteCase {
  name: string;
  daily_price: number;
  start: string;
  end: string;
  pickup_time: string;
  return_time: string;
  insurance: string | null;
  extras: Record<string, boolean>;
  payment_option: string | null;
  expect: Record<string, number>;
}
const file = JSON.parse(readFileSync(new URL("../../migrations/testdata/quote_cases.json", import.meta.url), "utf8")) as {
  cars: Record<string, { slug: string; includes: string[] }>;
  cases: QuoteCase[];
};
const cases = file.cases;

// The seed's cars at the cases' daily prices, and the extras each includes.
const SLUG_BY_PRICE: Record<number, string> = Object.fromEntries(Object.entries(file.cars).map(([price, car]) => [Number(price), car.slug]));
interface CarRow {
  id: number;
  slug: string;
  price: number;
}

let browser: Browser;
let close: () => Promise<void>;
const cars: Record<number, CarRow> = {};

beforeAll(async () => {
  ({ browser, close } = await launch());
  for (const [price, slug] of Object.entries(SLUG_BY_PRICE)) {
    const [car] = await anon<CarRow[]>(`cars?select=id,slug,price&slug=eq.${slug}`);
    expect(car?.price).toBe(Number(price));
    cars[Number(price)] = car!;
    // The table's figures assume the seed car includes exactly these extras.
    const q = await anon<{ included: string[] }>("rpc/quote_booking", {
      method: "POST",
      body: JSON.stringify({ p_car_id: car!.id, p_start: "2027-07-01", p_end: "2027-07-02" }),
    });
    expect([slug, [...q.included].sort()]).toEqual([slug, [...file.cars[price]!.includes].sort()]);
  }
});
afterAll(() => close());

/** "1 283,50 DH" (fr-FR) -> 1283.5 */
function amount(text: string | null): number {
  return Number((text ?? "").replace(/[^\d,]/g, "").replace(",", "."));
}

describe("the quote, one table for every caller", () => {
  it("quote_booking answers every case as worked out by hand", async () => {
    expect(cases.length).toBeGreaterThan(5);
    for (const c of cases) {
      const q = await anon<Record<string, number>>("rpc/quote_booking", {
        method: "POST",
        body: JSON.stringify({
          p_car_id: cars[c.daily_price]!.id,
          p_start: c.start,
          p_end: c.end,
          p_pickup_time: c.pickup_time,
          p_return_time: c.return_time,
          p_insurance: c.insurance,
          p_extras: c.extras,
          p_payment_option: c.payment_option,
          p_payment_method: "paypal",
        }),
      });
      for (const [k, v] of Object.entries(c.expect)) expect([c.name, k, Number(q[k])]).toEqual([c.name, k, v]);
    }
  });

  it("the wizard shows the database's figures for the options chosen", async () => {
    // A case with a discount and everything due now, and one whose due-now share has centimes.
    for (const c of [cases.find((x) => x.name === "three days basic full")!, cases.find((x) => x.name.includes("centimes"))!]) {
      const car = cars[c.daily_price]!;
      const { ctx, page } = await visitor(browser, { lang: "fr" });
      await page.goto(`${BASE_URL}/booking/${car.slug}?pickup=${c.start}T${c.pickup_time}&return=${c.end}T${c.return_time}&place=${encodeURIComponent("Aéroport Mohammed V")}`);
      await page.getByTestId("booking-wizard").waitFor();
      await enterDriver(page, { name: "Quote Test", email: "quote@example.com" });
      await page.locator('input[name="insurance"]').first().waitFor();
      await page.check(`input[name="insurance"][value="${c.insurance ?? "basic"}"]`);
      for (const [key, on] of Object.entries(c.extras)) if (on) await page.check(`input[name="extras"][value="${key}"]`);
      await page.check(`input[name="paymentOption"][value="${c.payment_option ?? "full"}"]`);
      // The summary shows the database's answer for exactly these options: the total at
      // the agency (no discount), then the online one with its share now.
      await page.locator('[data-testid="price-source"][data-source="server"]').waitFor();
      await expect.poll(async () => amount(await page.getByTestId("price-total").first().textContent())).toBe(c.expect.subtotal);
      expect(amount(await page.getByTestId("price-online-total").first().textContent())).toBe(c.expect.total);
      if (c.expect.due_at_pickup! > 0) {
        expect(amount(await page.getByTestId("price-due-now").first().textContent())).toBe(c.expect.due_now);
        expect(amount(await page.getByTestId("price-due-at-pickup").first().textContent())).toBe(c.expect.due_at_pickup);
      } else {
        expect(await page.getByTestId("price-due-at-pickup").count()).toBe(0); // all of it now: no split shown
      }
      await ctx.close();
    }
  });

  it("every car of the seed: the wizard shows what the car includes as included, never as a paid option", async () => {
    const all = await anon<CarRow[]>("cars?select=id,slug,price&available=is.true&order=id");
    expect(all.length).toBeGreaterThan(5);
    let inclusions = 0;
    for (const car of all) {
      // Dates this car is free on (other specs book the seed's cars), after any date it is back in service.
      const { from, to } = await freeDates([car.id], 2, 40);
      const q = await anon<{ included: string[] }>("rpc/quote_booking", {
        method: "POST",
        body: JSON.stringify({ p_car_id: car.id, p_start: from, p_end: to }),
      });
      inclusions += q.included.length;
      const { ctx, page } = await visitor(browser, { lang: "en" });
      await page.goto(`${BASE_URL}/booking/${car.slug}?pickup=${from}T10:00&return=${to}T10:00&place=${encodeURIComponent("Aéroport Mohammed V")}`);
      await page.getByTestId("booking-wizard").waitFor();
      await enterDriver(page, { name: "Included Test", email: "included@example.com" });
      await page.locator('input[name="insurance"]').first().waitFor();
      await expect.poll(async () => (await page.locator("[data-included]").evaluateAll((els) => els.map((e) => e.getAttribute("data-included")))).sort()).toEqual([...q.included].sort());
      for (const key of q.included) {
        expect([car.slug, key, await page.locator(`input[name="extras"][value="${key}"]`).count()]).toEqual([car.slug, key, 0]);
      }
      await ctx.close();
    }
    expect(inclusions).toBeGreaterThan(0);
  });

  it("a WhatsApp request: the same total on the result card, the car page, step 4, the stored booking and the e-mail, nothing due now", async () => {
    const car = cars[300]!;
    const { from, to } = await freeDates([car.id], 3, 805);
    const trip = `pickup=${from}T10:00&return=${to}T10:00&place=${encodeURIComponent("Aéroport Mohammed V")}`;
    const { ctx, page, errors } = await visitor(browser, { lang: "fr" });
    // The result card of the search for these dates.
    await page.goto(`${BASE_URL}/vehicles?${trip}`);
    const card = page.locator(`[data-testid="car-card"][data-slug="${car.slug}"]`);
    await card.getByTestId("car-total").waitFor();
    const onCard = priceOf(await card.getByTestId("car-total").locator("strong").textContent());
    const onlineOnCard = (await card.getByTestId("car-online-total").textContent()) ?? "";
    // The car page for the same trip.
    await page.goto(`${BASE_URL}/cars/${car.slug}?${trip}`);
    const onPage = priceOf(await page.getByTestId("trip-total").textContent());
    // Step 4 with the default « Paiement complet », then sent by WhatsApp.
    const email = `channel-${Date.now()}@example.com`;
    await page.goto(`${BASE_URL}/booking/${car.slug}?${trip}`);
    await page.getByTestId("booking-wizard").waitFor();
    await enterDriver(page, { name: "Chadia Canal", email });
    await page.locator('input[name="paymentOption"][value="full"]').waitFor();
    expect(await page.locator('input[name="paymentOption"][value="full"]').isChecked()).toBe(true);
    await page.getByTestId("wizard-next").click();
    await page.locator('[data-testid="price-source"][data-source="server"]').waitFor();
    const atStep4 = priceOf(await page.getByTestId("summary-total").textContent());
    const onlineAtStep4 = priceOf(await page.getByTestId("summary-online-total").textContent());
    await acceptTerms(page);
    await submitWizard(page);
    await sendByWhatsApp(page);
    const [b] = await bookingsOf(email);
    const stored = b as BookingRow & { amount_due_now: number; quote: { discount: number; due_now: number; due_at_pickup: number; channel: string } };
    const [withDue] = await admin<{ amount_due_now: number }[]>(`bookings?id=eq.${b!.id}&select=amount_due_now`);

    // One price: 3 days at the car's daily price, no online discount, nothing now.
    expect(onCard).toBe(3 * car.price);
    expect([onPage, atStep4, stored.total_price, stored.quote.total]).toEqual([onCard, onCard, onCard, onCard]);
    expect(stored.quote).toMatchObject({ discount: 0, due_now: 0, due_at_pickup: onCard, channel: "agency" });
    expect(Number(withDue!.amount_due_now)).toBe(0);
    // The online figure is stated as such, the same on the card and in step 4, and lower.
    expect(priceOf(onlineOnCard.slice(onlineOnCard.lastIndexOf(" : ")))).toBe(onlineAtStep4);
    expect(onlineAtStep4).toBeLessThan(onCard);

    // The agency confirms the request: the traveller's confirmation e-mail states the same total, all at the agency.
    await admin(`bookings?id=eq.${b!.id}`, { method: "PATCH", body: JSON.stringify({ status: "confirmed" }) });
    // The request-received e-mail came first; the confirmation is the one with what is left to pay.
    const mail = await mailTo(email, wordsFr.Remaining);
    expect(priceOf(mailValue(mail.text, wordsFr.Total))).toBe(onCard);
    expect(priceOf(mailValue(mail.text, wordsFr.Remaining))).toBe(onCard);
    expect(mail.text).not.toContain(`${wordsFr.Discount}:`);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

/** An e-mail the suite's SMTP sink received for `to` whose text has a line `label: …`. */
async function mailTo(to: string, label: string): Promise<{ text: string }> {
  const sink = process.env.E2E_MAIL_URL;
  if (!sink) throw new Error("E2E_MAIL_URL must be set (scripts/test.d/50-e2e.sh starts the sink)");
  for (let i = 0; i < 12; i++) {
    // Blocks up to 10 s for a first message; the outbox worker sends it shortly after the change.
    const res = await fetch(`${sink}/messages?to=${encodeURIComponent(to)}&wait=1`);
    const body = (await res.json()) as { text: string }[] | { messages: { text: string }[] };
    const found = (Array.isArray(body) ? body : body.messages).find((m) => m.text.includes(`${label}:`));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`no e-mail to ${to} with a "${label}" line`);
}

/** The e-mail's value on the line of `label` ("label: value" in its text part). */
function mailValue(text: string, label: string): string {
  const line = text.split("\n").find((l) => l.includes(`${label}:`));
  if (!line) throw new Error(`the e-mail has no "${label}" line:\n${text}`);
  return line.slice(line.indexOf(`${label}:`) + label.length + 1);
}
