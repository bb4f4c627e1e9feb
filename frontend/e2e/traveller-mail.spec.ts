import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  admin,
  agencyDaysFromNow,
  anon,
  availability,
  type BookableCar,
  bookableCars,
  bookingsOf,
  freeDates,
  type Lang,
  payByPayPal,
  sendByWhatsApp,
  specBrowser,
  TEXTS,
  visitor,
  wizardToConfirmation,
} from "./helpers.ts";
import { adminClient } from "./admin-helpers.ts";

// The traveller is told of every step of a booking by e-mail, in the booking's
// language, and each e-mail's link opens "My booking" on that booking with
// nothing to type. Each step is made as it happens (the site, the agency's
// database calls, the jobs' functions); each e-mail is read as delivered (the
// suite's SMTP sink, E2E_MAIL_URL) and its link followed in a fresh browser.

const browser = specBrowser();
let cars: BookableCar[];

beforeAll(async () => {
  cars = await bookableCars();
});

interface SinkMessage {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * The e-mail of kind `kind` about booking `id`, as the sink received it: the
 * outbox row the database queued, then the message the worker sent for it
 * (header X-Outbox-Id). Returns it with the "My booking" link of its text.
 */
async function mailOf(id: string, kind: string, to: string): Promise<{ message: SinkMessage; link: string }> {
  const sink = process.env.E2E_MAIL_URL;
  if (!sink) throw new Error("E2E_MAIL_URL must be set (scripts/test.d/50-e2e.sh starts the sink)");
  let outboxId = "";
  await expect
    .poll(async () => {
      const rows = await admin<{ id: number }[]>(`notification_outbox?subject_id=eq.${id}&kind=eq.${kind}&select=id&order=id.desc&limit=1`);
      outboxId = rows[0] ? String(rows[0].id) : "";
      return outboxId;
    }, { timeout: 15_000 })
    .not.toBe("");
  for (let i = 0; i < 30; i++) {
    const res = await fetch(`${sink}/messages?to=${encodeURIComponent(to)}`);
    const message = ((await res.json()) as SinkMessage[]).find((m) => m.headers["X-Outbox-Id"] === outboxId);
    if (message) {
      const link = /https?:\/\/\S+\/my-booking\?lang=\w+#token=\w+/.exec(message.text)?.[0];
      if (!link) throw new Error(`the ${kind} e-mail has no direct My booking link:\n${message.text}`);
      // The HTML part's button is the same link.
      expect(message.html).toContain(`href="${link}"`);
      return { message, link };
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`no ${kind} e-mail to ${to} in the sink (outbox row ${outboxId})`);
}

/** The link opened in a browser that never saw the site: "My booking" shows the booking, nothing typed. */
async function opensMyBooking(b: Browser, link: string, lang: Lang, reference: string, status: string): Promise<void> {
  const { page, ctx, errors } = await visitor(b, { lang: null, width: 360 });
  await page.goto(link);
  await page.getByTestId("my-booking").waitFor({ timeout: 30_000 });
  expect(await page.getByTestId("booking-reference").textContent()).toBe(reference);
  expect(await page.getByTestId("my-booking").getAttribute("data-status")).toBe(status);
  expect(await page.getByTestId("my-booking-request").count()).toBe(0);
  expect(await page.locator("html").getAttribute("lang")).toBe(lang);
  expect(errors).toEqual([]);
  await ctx.close();
}

/** An e-mail of kind about the booking reached the sink, and its link opens the booking in status. */
async function toldAndOpens(booking: { id: string; reference: string }, kind: string, to: string, lang: Lang, status: string): Promise<SinkMessage> {
  const { message, link } = await mailOf(booking.id, kind, to);
  expect(link).toContain(`/my-booking?lang=${lang}#token=`);
  await opensMyBooking(browser(), link, lang, booking.reference, status);
  return message;
}

/** The token of the e-mail's link (what the page sends to the database). */
const tokenOf = (link: string) => new URL(link).hash.replace("#token=", "");

/** A request sent on WhatsApp as the site stores it (anonymous insert), in lang. */
async function request(carId: number, from: string, to: string, email: string, lang: Lang): Promise<void> {
  const [rules] = await anon<{ terms_version: string }[]>("rental_rules?select=terms_version");
  await anon("bookings", {
    method: "POST",
    body: JSON.stringify({
      id: crypto.randomUUID(),
      terms_version: rules!.terms_version,
      driver_requirements_confirmed: true,
      car_id: carId,
      customer_name: "Nadia Request",
      customer_email: email,
      customer_phone: "+212600000002",
      start_date: from,
      end_date: to,
      pickup_time: "10:00",
      return_time: "10:00",
      payment_method: "whatsapp",
      status: "pending",
      language: lang,
    }),
  });
}

const setStatus = (id: string, status: string) => admin(`bookings?id=eq.${id}`, { method: "PATCH", body: JSON.stringify({ status }) });

describe("the traveller's e-mails", () => {
  it("WhatsApp request, fr: received, confirmed, a change refused then accepted, cancelled by the agency — each e-mail opens My booking", async () => {
    const { page, ctx } = await visitor(browser(), { lang: "fr", width: 1366 });
    const car = cars[5]!;
    const email = `tm-wa-${Date.now()}@example.com`;
    const { from, to } = await freeDates([car.id], 2, 750);
    await wizardToConfirmation(page, car.slug, { from, to }, { name: "Salma Voyage", email });
    await sendByWhatsApp(page);
    await ctx.close();
    const [b] = await bookingsOf(email);
    expect(b).toMatchObject({ status: "pending", language: "fr" });

    const received = await toldAndOpens(b!, "booking_requested", email, "fr", "pending");
    expect(received.subject).toContain(b!.reference);

    await setStatus(b!.id, "confirmed");
    const confirmed = await mailOf(b!.id, "booking_confirmed", email);
    // « Gérer ma réservation » is the direct link now, not the bare page.
    expect(confirmed.message.text).toContain(`Gérer ma réservation: ${confirmed.link}`);
    await opensMyBooking(browser(), confirmed.link, "fr", b!.reference, "confirmed");

    // The traveller asks other dates twice (with the confirmation's link); the agency refuses, then accepts.
    const agency = await adminClient();
    for (const accept of [false, true]) {
      const later = await freeDates([car.id], 3, accept ? 800 : 780);
      await anon("rpc/my_booking_change_request", {
        method: "POST",
        body: JSON.stringify({ p_token: tokenOf(confirmed.link), p_car_id: car.id, p_start: later.from, p_end: later.to }),
      });
      const [pending] = await admin<{ id: string }[]>(`booking_change_requests?booking_id=eq.${b!.id}&state=eq.pending&select=id`);
      const { error } = await agency.rpc("decide_change_request", { p_id: pending!.id, p_accept: accept });
      expect(error).toBeNull();
      const { message, link } = await mailOf(b!.id, "change_request_decided", email);
      expect(message.subject).toContain(b!.reference);
      expect(message.text).toContain(accept ? "Votre modification est acceptée" : "n'a pas pu être acceptée");
      await opensMyBooking(browser(), link, "fr", b!.reference, "confirmed");
    }

    await setStatus(b!.id, "cancelled");
    const cancelled = await toldAndOpens(b!, "booking_cancelled", email, "fr", "cancelled");
    expect(cancelled.text).toContain("L'agence a annulé votre réservation");
  });

  it("PayPal, en: paid, then cancelled by the traveller on My booking — the cancellation e-mail states the refund", async () => {
    const { page, ctx } = await visitor(browser(), { lang: "en", width: 1366 });
    const car = cars[6]!;
    const email = `tm-pp-${Date.now()}@example.com`;
    const { from, to } = await freeDates([car.id], 2, 830);
    await wizardToConfirmation(page, car.slug, { from, to }, { name: "Paul Paid", email });
    await payByPayPal(page);
    await ctx.close();
    const [b] = await bookingsOf(email);
    expect(b).toMatchObject({ status: "confirmed", payment_status: "paid" });
    const { link } = await mailOf(b!.id, "booking_confirmed", email);

    // The traveller cancels from the e-mail's link, in the free window.
    const T = TEXTS.en.myBooking;
    const opened = await visitor(browser(), { lang: null, width: 360 });
    await opened.page.goto(link);
    await opened.page.getByRole("button", { name: T.cancel }).click();
    await opened.page.getByRole("button", { name: T.confirmCancel }).click();
    await expect.poll(() => opened.page.getByTestId("my-booking").getAttribute("data-status"), { timeout: 30_000 }).toBe("cancelled");
    await opened.ctx.close();

    const [refund] = await admin<{ amount_mad: number }[]>(`payments?booking_id=eq.${b!.id}&kind=eq.refund&select=amount_mad`);
    const cancelled = await toldAndOpens(b!, "booking_cancelled", email, "en", "cancelled");
    expect(cancelled.text).toContain("Your cancellation is recorded");
    const cents = Number.isInteger(refund!.amount_mad) ? 0 : 2; // as the e-mails write an amount: centimes only when there are some
    const amount = refund!.amount_mad.toLocaleString("en-GB", { minimumFractionDigits: cents, maximumFractionDigits: cents });
    expect(cancelled.text).toContain(`Refund to your PayPal account: ${amount} DH`);
  });

  it("WhatsApp request, ar: its hold lapses and the traveller is told it expired", async () => {
    const car = cars[7]!;
    const email = `tm-exp-${Date.now()}@example.com`;
    const { from, to } = await freeDates([car.id], 2, 860);
    await request(car.id, from, to, email, "ar");
    const [b] = await bookingsOf(email);
    await mailOf(b!.id, "booking_requested", email);
    // The hold lapses (as time would), then the expiry job runs.
    await admin(`bookings?id=eq.${b!.id}`, { method: "PATCH", body: JSON.stringify({ hold_expires_at: new Date(Date.now() - 60_000).toISOString() }) });
    await admin("rpc/expire_booking_holds", { method: "POST", body: "{}" });
    const expired = await toldAndOpens(b!, "hold_expired", email, "ar", "expired");
    expect(expired.subject).toContain(b!.reference);
    expect(expired.html).toContain('dir="rtl"');
  });

  it("confirmed booking, en: the reminder the day before pickup opens My booking", async () => {
    const email = `tm-rem-${Date.now()}@example.com`;
    // Tomorrow at 00:00 in Casablanca is always less than a day ahead.
    const tomorrow = agencyDaysFromNow(1);
    const [rules] = await anon<{ terms_version: string }[]>("rental_rules?select=terms_version");
    let id = "";
    for (const car of cars) {
      const [row] = await availability(`${tomorrow}T00:00`, `${agencyDaysFromNow(3)}T00:00`, car.id);
      if (!row?.free) continue;
      // Booked three days ago (a booking made inside the last day before pickup gets no reminder).
      const [stored] = await admin<{ id: string }[]>("bookings", {
        method: "POST",
        body: JSON.stringify({
          terms_version: rules!.terms_version,
          driver_requirements_confirmed: true,
          car_id: car.id,
          customer_name: "Rita Reminder",
          customer_email: email,
          customer_phone: "+212600000003",
          start_date: tomorrow,
          end_date: agencyDaysFromNow(3),
          pickup_time: "00:00",
          return_time: "00:00",
          payment_method: "whatsapp",
          status: "confirmed",
          language: "en",
          created_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        }),
      });
      id = stored!.id;
      break;
    }
    expect(id).not.toBe("");
    const [b] = await bookingsOf(email);
    await admin("rpc/send_pickup_reminders", { method: "POST", body: "{}" });
    const reminder = await toldAndOpens(b!, "pickup_reminder", email, "en", "confirmed");
    expect(reminder.subject).toBe(`Your rental starts soon – no. ${b!.reference}`);
    // Once per pickup: a second run queues nothing more.
    await admin("rpc/send_pickup_reminders", { method: "POST", body: "{}" });
    expect(await admin<unknown[]>(`notification_outbox?subject_id=eq.${b!.id}&kind=eq.pickup_reminder&select=id`)).toHaveLength(1);
  });
});
