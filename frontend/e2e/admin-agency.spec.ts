// The agency finds anyone and its booking record stays true while open, on the
// real server: the bookings search finds a customer by a phone number however it
// is written (the database's admin_search_bookings), the Clients screen groups a
// customer's bookings with the money received, and a counter payment or a change
// made by another administrator shows in an open record without reopening it
// (payments and bookings through /realtime/v1).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { specBrowser } from "./helpers.ts";
import { acceptance, adminClient, adminPage, BASE_URL, client, freeCars, isoDay, loginAsAdmin, serviceClient, unique } from "./admin-helpers.ts";

const browser = specBrowser();

/** "⁦1 354,50 DH⁩" → 1354.5 (French grouping spaces, decimal comma, Unicode isolates). */
function amountOf(text: string | null): number {
  return Number((text ?? "").replace(/[^\d,-]/g, "").replace(",", "."));
}

/** A visitor's WhatsApp request as the site stores it (anon insert, the phone in E.164); returns its id and reference. */
async function book(p: { carId: number; start: string; end: string; name: string; email: string; phone: string }): Promise<{ id: string; ref: string }> {
  const id = crypto.randomUUID();
  const anon = await client();
  const { error } = await anon.from("bookings").insert({
    ...(await acceptance(anon)),
    id,
    car_id: p.carId,
    customer_name: p.name,
    customer_email: p.email,
    customer_phone: p.phone,
    start_date: p.start,
    end_date: p.end,
    pickup_time: "10:00",
    return_time: "10:00",
    pickup_location: "Aéroport Mohammed V",
    return_location: "Aéroport Mohammed V",
    payment_method: "whatsapp",
    payment_status: "pending",
    status: "pending",
  });
  if (error) throw new Error(`booking insert failed: ${error.message}`);
  const { data, error: readError } = await serviceClient().from("bookings").select("reference").eq("id", id).single();
  if (readError || !data) throw new Error(`booking read failed: ${readError?.message}`);
  return { id, ref: (data as { reference: string }).reference };
}

/** A counter payment as the back office records one (an administrator's insert). */
async function payAtCounter(bookingId: string, amount: number): Promise<void> {
  const admin = await adminClient();
  const { error } = await admin.from("payments").insert({ booking_id: bookingId, kind: "counter", status: "completed", amount, currency: "MAD", method: "cash" });
  if (error) throw new Error(`counter payment failed: ${error.message}`);
}

async function adminAt(path: string, width = 1366): Promise<Page> {
  const { page } = await adminPage(browser(), { width });
  await loginAsAdmin(page, path);
  await expect.poll(() => page.getByTestId("live-status").getAttribute("data-status"), { timeout: 15_000 }).toBe("live");
  return page;
}

/** The booking's details dialog, opened from the bookings list searched by its reference. */
async function openRecord(page: Page, ref: string) {
  await page.goto(`${BASE_URL}/admin/bookings`);
  await page.getByTestId("bookings-stat-revenue").waitFor();
  await page.getByPlaceholder(/Rechercher par client/).fill(ref);
  await page.getByRole("button", { name: `Voir les détails ${ref}` }).click();
  const details = page.getByTestId("booking-details");
  await details.waitFor();
  return details;
}

describe("the back office finds anyone", () => {
  it("finds a booking by +212 6 61 23 45 67, 0661234567 and 212661234567 alike, and lists the customer with both bookings and the total paid", async () => {
    const { carIds, start, end } = await freeCars(2, { startInDays: 500, days: 2 });
    const email = `${unique("agency")}@example.com`;
    const name = `Client ${unique("tel")}`;
    const first = await book({ carId: carIds[0]!, start, end, name, email, phone: "+212661234567" });
    // The same customer again, the e-mail in capitals (phones are stored in E.164: the search reads them typed any way).
    const second = await book({ carId: carIds[1]!, start, end, name, email: email.toUpperCase(), phone: "+212661234567" });
    const other = await book({ carId: carIds[0]!, start: isoDay(600), end: isoDay(601), name: `Autre ${unique("tel")}`, email: `${unique("autre")}@example.com`, phone: "+212761234567" });
    await payAtCounter(first.id, 300);
    await payAtCounter(second.id, 150.5);

    const page = await adminAt("/admin/bookings");
    await page.getByTestId("bookings-stat-revenue").waitFor();
    const search = page.getByPlaceholder(/Rechercher par client/);
    const row = (id: string) => page.locator(`[data-booking-id="${id}"]`);
    for (const typed of ["+212 6 61 23 45 67", "0661234567", "212661234567"]) {
      await search.fill(typed);
      await row(first.id).waitFor();
      await row(second.id).waitFor();
      expect(await row(other.id).count(), `${typed} finds another number`).toBe(0);
    }
    // The e-mail, the name and the reference too.
    for (const typed of [email, name, second.ref]) {
      await search.fill(typed);
      await row(second.id).waitFor();
    }

    await page.goto(`${BASE_URL}/admin/customers`);
    await page.getByRole("heading", { name: "Clients" }).waitFor();
    await page.getByPlaceholder(/Rechercher par nom/).fill("0661234567");
    const customer = page.locator(`[data-testid="customer-row"][data-email="${email}"]`);
    await customer.waitFor();
    expect(await customer.getByTestId("customer-booking-count").textContent()).toBe("2 réservations");
    expect(await customer.getByTestId("customer-booking").count()).toBe(2);
    await customer.getByText(first.ref).waitFor();
    await customer.getByText(second.ref).waitFor();
    expect(amountOf(await customer.getByTestId("customer-paid").textContent())).toBe(450.5);
    expect(await customer.getByTestId("customer-paid").textContent()).toBe("\u2066450,50 DH\u2069");
    await page.context().close();
  });
});

describe("the booking record stays true while open", () => {
  it("shows another administrator's counter payment and status change in an open record within 5 s", async () => {
    const { carIds, start, end } = await freeCars(1, { startInDays: 520, days: 2 });
    const booking = await book({ carId: carIds[0]!, start, end, name: `Ouvert ${unique("live")}`, email: `${unique("live")}@example.com`, phone: "+212600000031" });
    // A deposit taken already: the booking is paid at the counter, so the next
    // counter payment changes no booking column, only the ledger.
    await payAtCounter(booking.id, 100);

    const watcher = await adminAt("/admin/bookings");
    const open = await openRecord(watcher, booking.ref);
    await expect.poll(() => open.getByTestId("payment-row").count()).toBe(1);
    await watcher.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // Another administrator, in another browser, records a counter payment in the same record.
    const cashier = await adminAt("/admin/bookings");
    const theirs = await openRecord(cashier, booking.ref);
    await theirs.getByTestId("record-counter").click();
    const form = cashier.getByTestId("counter-form");
    await form.locator('input[name="amount"]').fill("250,50");
    await form.getByTestId("counter-submit").click();
    await expect.poll(() => theirs.getByTestId("payment-row").count()).toBe(2);

    // The first record shows it, without being reopened: the new line and what was received.
    await expect.poll(() => open.getByTestId("payment-row").count(), { timeout: 5_000 }).toBe(2);
    await open.getByTestId("payment-row").nth(1).getByText("\u2066250,50 DH\u2069").waitFor({ timeout: 5_000 });
    await expect.poll(async () => amountOf(await open.getByTestId("booking-received").locator("dd").textContent()), { timeout: 5_000 }).toBe(350.5);

    // A status changed elsewhere shows too.
    const admin = await adminClient();
    const { error } = await admin.from("bookings").update({ status: "confirmed" }).eq("id", booking.id);
    if (error) throw new Error(`status change failed: ${error.message}`);
    await expect.poll(() => open.getByTestId("booking-status").first().textContent(), { timeout: 5_000 }).toBe("Confirmée");
    expect(await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true)).toBe(true);
    await cashier.context().close();
    await watcher.context().close();
  });
});
