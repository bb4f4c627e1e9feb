import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../locales/en.json";
import fr from "../locales/fr.json";
import { formatAmount, formatInstant } from "../src/lib/localeFormat.ts";
import {
  BASE_URL,
  type BookableCar,
  bookableCars,
  type BookingRow,
  bookingsOf,
  freeDates,
  type Lang,
  noteProblems,
  sendByWhatsApp,
  specBrowser,
  TEXTS,
  visitor,
  wizardToConfirmation,
} from "./helpers.ts";

// The booking record on the public site: a WhatsApp booking's message and "sent" page carry
// its reference and everything ordered; after a declined or cancelled PayPal
// payment the booking is kept and goes on (PayPal again, or WhatsApp) without
// the wizard.

const browser = specBrowser();
let car: BookableCar;

beforeAll(async () => {
  car = (await bookableCars())[1]!;
});

const plain = (s: string) => s.replaceAll("\u2066", "").replaceAll("\u2069", "");

/** The four steps with premium insurance, GPS and a child seat, half now; ends on the confirmation view. */
async function book(page: Page, email: string, from: string, to: string) {
  await wizardToConfirmation(page, car.slug, { from, to }, { name: "Nadia Record", email, phone: "+212 600 000 014" }, { insurance: "premium", extras: ["gps", "childSeat"], paymentOption: "half" });
}

/** The WhatsApp message holds the stored order: reference, insurance, extras and every figure of the stored quote. */
function expectOrderInText(text: string, lang: Lang, b: BookingRow) {
  const T = TEXTS[lang];
  const sep = lang === "fr" ? " : " : ": ";
  const lines = plain(text).split("\n");
  const has = (label: string, value: string) => expect(lines, `${label}${sep}${value}`).toContain(`${label}${sep}${value}`);
  has(T.order.reference, b.reference);
  has(T.booking.insurance, T.booking.insurances.premium.name);
  has(T.booking.extrasTitle, `${T.booking.extras.gps}${T.order.separator}${T.booking.extras.childSeat}`);
  const q = b.quote;
  const money = (v: number) => plain(formatAmount(lang, Number(v)));
  has(T.booking.total, money(q.total));
  // A WhatsApp request pays nothing online: no "due now", all of it at the agency.
  has(T.order.paidAtAgency, money(q.total));
  expect(lines.some((l) => l.startsWith(T.bookingPrice.dueNow.split("(")[0]!))).toBe(false);
  has(T.order.deposit, money(q.deposit));
  has(T.booking.extrasTitle, money(q.extras));
  has(T.order.insuranceLine.replace("{{name}}", T.booking.insurances.premium.name), money(q.insurance));
  // The rental label carries a count: matched by its figure.
  expect(lines.some((l) => l.endsWith(`${sep}${money(q.base)}`) && l.startsWith(T.booking.base_other.split("(")[0]!))).toBe(true);
  if (Number(q.discount) > 0) expect(lines.some((l) => l.endsWith(`${sep}−${money(q.discount)}`))).toBe(true);
  // The key facts the database quoted for the car's category.
  expect(q.excess, "the stored quote states the excess").not.toBeNull();
  has(T.keyFacts.excessOf.replace("{{insurance}}", T.booking.insurances.premium.name), money(q.excess!));
  has(T.keyFacts.fuel, T.keyFacts.fuelPolicies[q.fuel_policy as keyof typeof T.keyFacts.fuelPolicies] ?? "?");
  expect(lines.some((l) => l.startsWith(`${T.keyFacts.mileage}${sep}`))).toBe(true);
  expect(lines.some((l) => l.startsWith(`${T.booking.cancellation}${sep}`))).toBe(true);
}

describe("the booking record on the public site", () => {
  it("a WhatsApp booking: the message carries the stored reference, premium, GPS, child seat and the stored breakdown; the sent page the same reference", async () => {
    const { page, ctx, errors } = await visitor(browser(), { lang: "fr" });
    const email = `wa-record-${Date.now()}@example.com`;
    const { from, to } = await freeDates([car.id], 3, 540);
    await book(page, email, from, to);
    const text = await sendByWhatsApp(page);

    const rows = await bookingsOf(email);
    expect(rows).toHaveLength(1);
    const b = rows[0]!;
    expect(b.reference).toMatch(/^CR-[2-9A-HJKMNP-Z]{5}$/);
    expect(b).toMatchObject({ payment_method: "whatsapp", payment_status: "none", insurance_type: "premium" });
    expect(b.extras).toEqual({ gps: true, childSeat: true });
    expect(plain(text).split("\n")[0]).toBe(fr.whatsapp.intro);
    expectOrderInText(text, "fr", b);
    expect(plain(text)).toContain(email);
    // Until when the dates are held, in the message and on the page, on Casablanca's clock.
    const held = fr.order.heldUntil.replace("{{until}}", plain(formatInstant("fr", String(b.hold_expires_at))));
    expect(plain(text).split("\n")).toContain(`${fr.order.heldUntilLabel} : ${held}`);

    // The "sent" page: the same reference and what was ordered.
    expect(plain((await page.getByTestId("order-held-until").textContent()) ?? "")).toBe(held);
    expect(await page.getByTestId("booking-reference").textContent()).toBe(b.reference);
    expect(await page.getByTestId("order-insurance").textContent()).toBe("Premium");
    await page.getByTestId("order-extras").locator("li").first().waitFor();
    expect(await page.getByTestId("order-extras").locator("li").allTextContents()).toEqual([fr.booking.extras.gps, fr.booking.extras.childSeat]);
    expect(plain((await page.getByTestId("price-line-total").locator("dd").textContent()) ?? "")).toBe(plain(formatAmount("fr", Number(b.quote.total))));
    expect(plain((await page.getByTestId("price-line-deposit").locator("dd").textContent()) ?? "")).toBe(plain(formatAmount("fr", Number(b.quote.deposit))));
    expect(errors).toEqual([]);
    await ctx.close();
  });

  for (const [lang, offset] of [
    ["fr", 570],
    ["ar", 600],
  ] as const) {
    const T = TEXTS[lang];

    it(`a declined card, then "try PayPal again" pays the same booking under the same reference (${lang}, 360 px)`, async () => {
      const { page, ctx, errors } = await visitor(browser(), { lang, width: 360 });
      const email = `declined-${lang}-${Date.now()}@example.com`;
      const found: string[] = [];
      const { from, to } = await freeDates([car.id], 2, offset);
      await book(page, email, from, to);
      await page.getByTestId("pay-paypal").click();
      await page.waitForURL(/checkoutnow/);
      const order = new URL(page.url()).searchParams.get("token");
      await page.getByRole("button", { name: "Pay with a card that will be declined" }).click();

      // The success page hears "declined" and hands over to the way-forward page.
      await page.waitForURL(/\/booking-cancelled\?/);
      const way = page.getByTestId("way-forward");
      await way.waitFor({ timeout: 30_000 });
      expect(await way.getAttribute("data-declined")).toBe("1");
      expect(await page.locator("h1").textContent()).toBe(T.wayForward.declinedTitle);
      let [b] = await bookingsOf(email);
      expect(b).toMatchObject({ status: "pending", payment_status: "failed", paypal_order_id: order });
      expect(await page.getByTestId("booking-reference").textContent()).toBe(b!.reference);
      // The dates stay held until the hold's end, on Casablanca's clock, in the visitor's language.
      expect(await page.getByTestId("way-forward-kept").textContent()).toBe(
        T.wayForward.kept.replace("{{reference}}", b!.reference).replace("{{until}}", formatInstant(lang, b!.hold_expires_at)),
      );
      expect(await page.locator("main input").count()).toBe(0); // nothing to type again
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      await noteProblems(page, "declined", found);

      await page.getByTestId("retry-paypal").click();
      await page.waitForURL(/checkoutnow/);
      expect(new URL(page.url()).searchParams.get("token")).toBe(order); // the same PayPal order
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL(/\/booking-success\?/);
      await page.getByTestId("booking-success").waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("booking-reference").textContent()).toBe(b!.reference);
      await page.getByTestId("order-extras").locator("li").first().waitFor();
      expect(await page.getByTestId("order-extras").locator("li").allTextContents()).toEqual([T.booking.extras.gps, T.booking.extras.childSeat]);
      expect(plain((await page.getByTestId("price-line-dueNow").locator("dt").textContent()) ?? "")).toBe(T.order.paidNow);
      await noteProblems(page, "paid after retry", found);

      const rows = await bookingsOf(email);
      expect(rows).toHaveLength(1);
      [b] = rows;
      expect(b).toMatchObject({ status: "confirmed", payment_status: "paid", payment_method: "paypal", paypal_order_id: order });
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await ctx.close();
    });

    it(`a payment cancelled on PayPal's page, then "confirm through WhatsApp" sends the same booking with its reference (${lang}, 360 px)`, async () => {
      const { page, ctx, errors } = await visitor(browser(), { lang, width: 360 });
      const email = `cancelled-${lang}-${Date.now()}@example.com`;
      const found: string[] = [];
      const { from, to } = await freeDates([car.id], 2, offset + 15);
      await book(page, email, from, to);
      await page.getByTestId("pay-paypal").click();
      await page.waitForURL(/checkoutnow/);
      await page.getByRole("button", { name: /Cancel/ }).click();
      await page.waitForURL(/\/booking-cancelled\?(.*&)?token=/);
      const way = page.getByTestId("way-forward");
      await way.waitFor({ timeout: 30_000 });
      expect(await way.getAttribute("data-declined")).toBe("0");
      expect(await page.locator("h1").textContent()).toBe(T.wayForward.cancelledTitle);
      const [before] = await bookingsOf(email);
      expect(await page.getByTestId("booking-reference").textContent()).toBe(before!.reference);
      expect(await page.getByTestId("order-insurance").textContent()).toBe(T.booking.insurances.premium.name);
      expect(await page.locator("main input").count()).toBe(0);
      await noteProblems(page, "cancelled", found);

      const text = await sendByWhatsApp(page, "switch-whatsapp");
      expect(await page.locator("h1").textContent()).toBe(T.wayForward.whatsappTitle.replace("{{reference}}", before!.reference));
      expect(await page.getByTestId("booking-reference").textContent()).toBe(before!.reference);
      await noteProblems(page, "sent through WhatsApp", found);

      const rows = await bookingsOf(email);
      expect(rows).toHaveLength(1);
      const b = rows[0]!;
      expect(b).toMatchObject({ id: before!.id, reference: before!.reference, status: "pending", payment_method: "whatsapp", payment_status: "none" });
      expectOrderInText(text, lang, b);
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }

  it("without PayPal's order id the cancelled page keeps SPEC's texts; an unknown order says so", async () => {
    const { page, ctx } = await visitor(browser(), { lang: "en" });
    await page.goto(`${BASE_URL}/booking-cancelled`);
    await page.getByTestId("booking-cancelled").waitFor();
    expect(await page.locator("h1").textContent()).toBe(en.cancelled.title);
    await page.goto(`${BASE_URL}/booking-cancelled?token=5O190127TN364715T`);
    await page.getByTestId("way-forward-error").waitFor();
    expect(await page.getByTestId("way-forward-error").textContent()).toBe(en.wayForward.notFound);
    await ctx.close();
  });
});
