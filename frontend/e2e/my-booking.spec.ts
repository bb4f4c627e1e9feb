import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../locales/en.json";
import {
  admin,
  availability,
  BASE_URL,
  type BookableCar,
  bookableCars,
  type BookingRow,
  bookingsOf,
  anon,
  enterDriver,
  freeDates,
  agencyClock,
  agencyDaysFromNow,
  type Lang,
  noteProblems,
  payByPayPal,
  priceOf,
  sendByWhatsApp,
  submitWizard,
  specBrowser,
  TEXTS,
  visitor,
  wizardToConfirmation,
  wizardToSummary,
} from "./helpers.ts";

// "My booking": a traveller asks for a link with the reference and the e-mail,
// opens the e-mailed link, adds a flight number and cancels inside the free
// window (dates free at once, an online payment refunded once); after the window
// the page states the cost first and cancels for it, refunding the rest once. The link is followed from the
// e-mail as delivered (the suite's SMTP sink, E2E_MAIL_URL); the other e-mails
// are checked in the notification outbox.

const browser = specBrowser();
let cars: BookableCar[];

beforeAll(async () => {
  cars = await bookableCars();
});

interface Outbox {
  kind: string;
  recipient: string | null;
  language: string;
  payload: { link?: { token: string }; refund?: { reason: string; amount_mad: number } };
}

function mails(bookingId: string, kind: string): Promise<Outbox[]> {
  return admin<Outbox[]>(`notification_outbox?subject_id=eq.${bookingId}&kind=eq.${kind}&select=kind,recipient,language,payload&order=id`);
}

/**
 * The "My booking" link carrying `token` in an e-mail delivered to `to` (the suite's
 * SMTP sink): the asked link's e-mail, not the confirmation's (every e-mail has one).
 */
async function linkInEmailTo(to: string, token: string): Promise<string> {
  const sink = process.env.E2E_MAIL_URL;
  if (!sink) throw new Error("E2E_MAIL_URL must be set (scripts/test.d/50-e2e.sh starts the sink)");
  for (let i = 0; i < 12; i++) {
    // Blocks up to 10 s for a first message; the outbox worker sends it shortly after the request.
    const res = await fetch(`${sink}/messages?to=${encodeURIComponent(to)}&wait=1`);
    const body = (await res.json()) as { text: string }[] | { messages: { text: string }[] };
    const list = Array.isArray(body) ? body : body.messages;
    for (const m of list) {
      const link = /https?:\/\/\S+\/my-booking\S*#token=[\w-]+/.exec(m.text)?.[0];
      if (link?.endsWith(`#token=${token}`)) return link;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`no e-mail with a My booking link to ${to}`);
}

/** Problems a visitor would meet on the page at both sizes: axe (serious, critical) and sideways scrolling. */
async function checkBothSizes(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await noteProblems(page, `${where} ${width}px`, found);
  }
  return found;
}

/** From the footer to "check your e-mail", then the link the e-mail carries opened. */
async function openFromEmail(page: Page, lang: Lang, bookingId: string, reference: string, email: string, found?: string[]): Promise<void> {
  const T = TEXTS[lang].myBooking;
  await page.goto(`${BASE_URL}/`);
  await page.locator(`footer a[href="/my-booking"]`).click();
  await page.getByTestId("my-booking-request").waitFor();
  if (found) found.push(...(await checkBothSizes(page, "request form")));
  // The keyboard alone: type, Tab, type, Enter.
  await page.getByLabel(T.reference).fill(reference.toLowerCase());
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await page.getByTestId("my-booking-sent").waitFor();
  expect(await page.getByTestId("my-booking-sent").textContent()).toContain(T.sentTitle);
  const [mail] = await mails(bookingId, "booking_link");
  expect(mail).toMatchObject({ recipient: email, language: lang });
  await page.goto(await linkInEmailTo(email, mail!.payload.link!.token));
  await page.getByTestId("my-booking").waitFor({ timeout: 30_000 });
  expect(await page.getByTestId("booking-reference").textContent()).toBe(reference);
  expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
}

async function addFlight(page: Page, lang: Lang, flight: string) {
  const T = TEXTS[lang].myBooking;
  await page.getByLabel(T.flight).fill(flight);
  await page.getByRole("button", { name: T.save }).click();
  await page.getByText(T.saved).waitFor();
}

/** Cancel, then the confirmation pressed twice: one cancellation, one refund. */
/** A cancelled booking's dates (10:00 to 10:00) are bookable again at once. */
async function expectFreeAgain(carId: number, from: string, to: string) {
  const [free] = await availability(`${from}T10:00`, `${to}T10:00`, carId);
  expect(free!.free).toBe(true);
}

async function cancelTwice(page: Page, lang: Lang) {
  const T = TEXTS[lang].myBooking;
  await page.getByRole("button", { name: T.cancel }).click();
  await page.getByRole("button", { name: T.confirmCancel }).dblclick();
  await expect.poll(() => page.getByTestId("my-booking").getAttribute("data-status"), { timeout: 30_000 }).toBe("cancelled");
}

/**
 * The change form prices other dates before anything is sent (the database's
 * quote for them), and the request sent then stores that same total.
 */
async function priceBeforeAsking(page: Page, lang: Lang, bookingId: string, newEnd: string) {
  const T = TEXTS[lang].myBooking;
  const form = page.getByTestId("my-booking-change");
  await form.getByLabel(T.returnDate).fill(newEnd);
  const quoted = form.getByTestId("change-quote");
  await expect.poll(() => quoted.getAttribute("data-total")).not.toBeNull();
  const shown = Number(await quoted.getAttribute("data-total"));
  expect(priceOf(await quoted.textContent())).toBeGreaterThan(0);
  expect(await quoted.textContent()).toContain(T.quoteTotal.split("{{total}}")[0]!.trim());
  const stored = () => admin<{ state: string; quote: { total: number } }[]>(`booking_change_requests?booking_id=eq.${bookingId}&select=state,quote`);
  expect(await stored()).toEqual([]); // shown, not asked
  await form.getByRole("button", { name: T.askChange }).click();
  await form.getByText(T.changeSent).waitFor();
  const [asked] = await stored();
  expect(asked!.quote.total).toBe(shown);
}

describe("My booking", () => {
  it("PayPal, en: the success page leads to it; flight added; cancelled in the free window: dates free, one refund in the ledger and the e-mail", async () => {
    const { page, ctx, errors } = await visitor(browser(), { lang: "en", width: 1366 });
    const car = cars[2]!;
    const email = `mb-pp-${Date.now()}@example.com`;
    const { from, to } = await freeDates([car.id], 2, 630);
    await wizardToConfirmation(page, car.slug, { from, to }, { name: "Paula Manage", email });
    await payByPayPal(page);
    expect(await page.getByTestId("manage-link").locator("a").getAttribute("href")).toBe("/my-booking");
    const [b] = await bookingsOf(email);
    expect(b).toMatchObject({ status: "confirmed", payment_status: "paid" });
    const confirmation = await mails(b!.id, "booking_confirmed");
    expect(confirmation).toHaveLength(1);

    await openFromEmail(page, "en", b!.id, b!.reference, email);
    expect(await page.getByTestId("my-booking-payment").textContent()).toBe(en.myBooking.payments.paid);
    await addFlight(page, "en", "at 811");
    const found = await checkBothSizes(page, "open");
    await page.setViewportSize({ width: 1366, height: 900 });
    await cancelTwice(page, "en");

    // The refund, once, completed through the emulator; the ledger on the page shows it.
    const refunds = await admin<{ status: string; amount_mad: number }[]>(`payments?booking_id=eq.${b!.id}&kind=eq.refund&select=status,amount_mad`);
    expect(refunds).toHaveLength(1);
    await expect.poll(async () => (await admin<{ status: string }[]>(`payments?booking_id=eq.${b!.id}&kind=eq.refund&select=status`))[0]!.status, { timeout: 30_000 }).toBe("completed");
    await page.reload();
    await page.getByTestId("my-booking").waitFor({ timeout: 30_000 });
    const refundLine = page.getByTestId("my-booking-ledger").locator('li[data-kind="refund"]');
    expect(await refundLine.getAttribute("data-state")).toBe("completed");
    expect(await page.getByTestId("my-booking-payment").textContent()).toBe(en.myBooking.payments.refunded);
    const [after] = await bookingsOf(email);
    expect(after).toMatchObject({ status: "cancelled", payment_status: "refunded", flight_number: "AT811" });
    const refundMail = await mails(b!.id, "payment_refunded");
    expect(refundMail).toHaveLength(1);
    expect(refundMail[0]!.payload.refund).toMatchObject({ reason: "traveller_cancelled", amount_mad: refunds[0]!.amount_mad });
    await expectFreeAgain(car.id, from, to);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("WhatsApp, ar (360 px, right to left): flight added, cancelled in the free window, the dates free at once", async () => {
    const { page, ctx, errors } = await visitor(browser(), { lang: "ar", width: 360 });
    const car = cars[3]!;
    const email = `mb-wa-${Date.now()}@example.com`;
    const { from, to } = await freeDates([car.id], 2, 660);
    await wizardToConfirmation(page, car.slug, { from, to }, { name: "سعاد", email });
    await sendByWhatsApp(page);
    expect(await page.getByTestId("manage-link").isVisible()).toBe(true);
    const [b] = await bookingsOf(email);

    await openFromEmail(page, "ar", b!.id, b!.reference, email);
    await addFlight(page, "ar", "AT 200");
    await priceBeforeAsking(page, "ar", b!.id, new Date(Date.parse(to) + 2 * 86_400_000).toISOString().slice(0, 10));
    const found = await checkBothSizes(page, "open");
    await page.setViewportSize({ width: 360, height: 900 });
    await cancelTwice(page, "ar");
    const [after] = await bookingsOf(email);
    expect(after).toMatchObject({ status: "cancelled", flight_number: "AT200" });
    expect(await admin<unknown[]>(`payments?booking_id=eq.${b!.id}&kind=eq.refund`)).toHaveLength(0);
    await expectFreeAgain(car.id, from, to);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  // Booked less than a day before pickup: the 24-hour free window was over
  // before the booking was made. Step 4 says so and what cancelling costs; "My
  // booking" cancels for that fee and refunds the rest of the PayPal payment, once.
  for (const [lang, width] of [["fr", 360], ["en", 1366], ["ar", 360]] as [Lang, number][]) {
    it(`late cancellation online, ${lang} at ${width} px: the fee stated first, cancelled, the rest of the payment refunded once`, async () => {
      const t = TEXTS[lang];
      const { page, ctx, errors } = await visitor(browser(), { lang, width });
      const email = `mb-late-${lang}-${Date.now()}@example.com`;
      // Less than a day ahead in Casablanca: tomorrow at 00:30, or tonight at 23:30 in
      // the half hour after the agency's midnight.
      const earlyHour = agencyClock() < "00:30";
      const from = agencyDaysFromNow(earlyHour ? 0 : 1);
      const to = agencyDaysFromNow(earlyHour ? 2 : 3);
      const at = earlyHour ? "23:30" : "00:30";
      let car: BookableCar | undefined;
      for (const c of cars) {
        const [row] = await availability(`${from}T${at}`, `${to}T${at}`, c.id);
        if (row?.free) {
          car = c;
          break;
        }
      }
      expect(car).toBeDefined();
      await page.goto(`${BASE_URL}/booking/${car!.slug}?pickup=${from}T${at}&return=${to}T${at}&place=${encodeURIComponent("Aéroport Mohammed V")}`);
      await page.getByTestId("booking-wizard").waitFor();
      await enterDriver(page, { name: "Layla Late", email });
      await page.locator('input[name="paymentOption"]').first().waitFor();
      await wizardToSummary(page, { paymentOption: "full" });
      // Step 4, before committing: no free moment (none in the past), the cost instead.
      const said = (await page.getByTestId("summary-free-cancellation").textContent()) ?? "";
      expect(said).toContain(t.keyFacts.freeCancellationOver.split("{{amount}}")[0]!);
      expect(said).not.toContain(t.booking.freeCancellationUntil.split("{{date}}")[0]!.trim());
      const statedFee = priceOf(said);
      await submitWizard(page);
      await payByPayPal(page);
      const [b] = await bookingsOf(email);
      const stored = b as BookingRow & { quote: { free_cancellation_over: boolean; late_cancellation_fee: number } };
      expect(stored).toMatchObject({ status: "confirmed", payment_status: "paid" });
      expect(stored.quote.free_cancellation_until).toBeNull();
      expect(stored.quote.free_cancellation_over).toBe(true);
      expect(stored.quote.late_cancellation_fee).toBe(statedFee);
      const [captured] = await admin<{ amount_mad: number }[]>(`payments?booking_id=eq.${b!.id}&kind=eq.paypal&status=eq.captured&select=amount_mad`);
      const rest = Math.round((Number(captured!.amount_mad) - statedFee) * 100) / 100;
      expect(rest).toBeGreaterThan(0);

      // "My booking", opened from its link: the fee and what comes back, stated before anything is asked.
      await anon("rpc/my_booking_request_link", { method: "POST", body: JSON.stringify({ p_reference: b!.reference, p_email: email }) });
      const [link] = await mails(b!.id, "booking_link");
      await page.goto(`${BASE_URL}/my-booking?lang=${lang}#token=${link!.payload.link!.token}`);
      await page.getByTestId("my-booking").waitFor({ timeout: 30_000 });
      const section = page.getByTestId("my-booking-cancel");
      expect(await section.getAttribute("data-late")).toBe("true");
      const late = (await page.getByTestId("my-booking-late").textContent()) ?? "";
      expect(late).toContain(t.myBooking.lateNoFree.split("{{cost}}")[0]!);
      expect(priceOf(late)).toBe(statedFee);
      expect(priceOf(await page.getByTestId("my-booking-late-refund").textContent())).toBe(Math.round(rest));
      const found: string[] = [];
      found.push(...(await checkBothSizes(page, "late")));
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId("my-booking-cancel-start").click();
      expect(priceOf(await page.locator("#mb-cancel-ask").textContent())).toBe(statedFee);
      await page.getByTestId("my-booking-cancel-confirm").dblclick(); // two clicks: one cancellation, one refund
      await expect.poll(() => page.getByTestId("my-booking").getAttribute("data-status"), { timeout: 30_000 }).toBe("cancelled");

      // The rest refunded once, through PayPal (the emulator performed one refund of that amount).
      const refunds = await admin<{ status: string; amount: number; amount_mad: number }[]>(`payments?booking_id=eq.${b!.id}&kind=eq.refund&select=status,amount,amount_mad`);
      expect(refunds).toHaveLength(1);
      expect(Number(refunds[0]!.amount_mad)).toBe(rest);
      await expect.poll(async () => (await admin<{ status: string }[]>(`payments?booking_id=eq.${b!.id}&kind=eq.refund&select=status`))[0]!.status, { timeout: 30_000 }).toBe("completed");
      const [order] = await admin<{ paypal_order_id: string }[]>(`bookings?id=eq.${b!.id}&select=paypal_order_id`);
      const emulated = (await (await fetch(`${process.env.PAYPAL_BASE_URL}/_emulator/orders/${order!.paypal_order_id}`)).json()) as { emulator: { refunds: number; refunded_cents: number } };
      expect(emulated.emulator).toMatchObject({ refunds: 1, refunded_cents: Math.round(Number(refunds[0]!.amount) * 100) });
      const refundMail = await mails(b!.id, "payment_refunded");
      expect(refundMail).toHaveLength(1);
      expect(refundMail[0]!.payload.refund).toMatchObject({ reason: "traveller_cancelled_late", amount_mad: rest });

      // The cancelled booking owes nothing: no "due now" line; its cancellation names the fee.
      await page.reload();
      await page.getByTestId("my-booking").waitFor({ timeout: 30_000 });
      expect(await page.getByTestId("price-line-dueNow").count()).toBe(0);
      expect(await page.getByTestId("price-line-dueAtPickup").count()).toBe(0);
      expect(await page.getByTestId("my-booking-cancel").count()).toBe(0);
      const request = page.getByTestId("my-booking-requests").locator('li[data-state="done"]');
      expect(priceOf(await request.locator("span").first().textContent())).toBe(statedFee);
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});
