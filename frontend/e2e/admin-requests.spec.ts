// The back office's « Demandes »: a traveller's change request made on "My
// booking" (through the same database functions the page calls) appears live,
// with its new price and availability; accepting it (confirmed first when the
// price changes, with the amounts) moves the booking, re-priced by the database,
// and the traveller is told in their language.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { admin, anon, BASE_URL, bookableCars, bookingsOf, freeDates, holdCar, specBrowser, type BookingRow } from "./helpers.ts";
import { adminPage, loginAsAdmin } from "./admin-helpers.ts";

const browser = specBrowser();

/** The traveller of booking `id` opens "My booking" by its link and asks for other dates; the booking as stored. */
async function askChange(email: string, id: string, carId: number, dates: { from: string; to: string }, message?: string): Promise<BookingRow> {
  const [b] = await bookingsOf(email);
  await anon("rpc/my_booking_request_link", { method: "POST", body: JSON.stringify({ p_reference: b!.reference, p_email: email }) });
  const [mail] = await admin<{ payload: { link: { token: string } } }[]>(`notification_outbox?subject_id=eq.${id}&kind=eq.booking_link&select=payload`);
  await anon("rpc/my_booking_change_request", {
    method: "POST",
    body: JSON.stringify({ p_token: mail!.payload.link.token, p_car_id: carId, p_start: dates.from, p_end: dates.to, p_message: message ?? null }),
  });
  return b!;
}

/** A figure as the screens write it, spaces aside ("1 008 DH" → "1008"). */
const digits = (n: number) => String(Math.round(n));

/** The confirmation an accept that changes the price asks for: its text (spaces and bidi isolates removed), once confirmed. */
async function confirmAccept(page: Page): Promise<string> {
  const dialog = page.locator("dialog[open]");
  await dialog.waitFor({ timeout: 15_000 });
  const text = ((await dialog.textContent()) ?? "").replace(/[\s\u2066-\u2069]/g, "");
  await dialog.getByTestId("confirm-action").click();
  return text;
}

/** The number on « Demandes » in the sidebar (none shown: 0). */
async function pendingBadge(page: Page): Promise<number> {
  const badge = page.getByTestId("pending-requests");
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
}
const pendingRequests = async () => (await admin<unknown[]>("booking_change_requests?state=eq.pending&select=id")).length;

describe("the back office's travellers' requests", () => {
  it("a change request shows live with its price; accepting moves and re-prices the booking and tells the traveller", async () => {
    const { ctx, page } = await adminPage(browser());
    await loginAsAdmin(page, "/admin/requests");
    await expect.poll(() => page.getByTestId("live-status").getAttribute("data-status"), { timeout: 15_000 }).toBe("live");
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    const carId = (await bookableCars())[4]!.id;
    const email = `mb-admin-${Date.now()}@example.com`;
    const { from, to } = await freeDates([carId], 2, 690);
    const id = await holdCar(carId, from, to, email);
    await admin(`bookings?id=eq.${id}`, { method: "PATCH", body: JSON.stringify({ language: "en" }) });
    const later = await freeDates([carId], 3, 720);
    const b = await askChange(email, id, carId, later, "Flight moved");

    const row = page.locator(`[data-testid="request-row"][data-reference="${b.reference}"]`);
    await row.waitFor({ timeout: 15_000 }); // live: no reload
    // « Demandes » counts the requests waiting for an answer, live too.
    await expect.poll(async () => (await pendingBadge(page)) === (await pendingRequests()) && (await pendingRequests()) > 0, { timeout: 15_000 }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await row.getByTestId("request-state").textContent()).toBe("En attente");
    expect(await row.textContent()).toContain("Flight moved");
    const quote = await anon<{ total: number }>("rpc/quote_booking", {
      method: "POST",
      body: JSON.stringify({ p_car_id: carId, p_start: later.from, p_end: later.to, p_pickup_time: "10:00", p_return_time: "10:00" }),
    });
    await row.getByTestId("accept-request").click();
    const said = await confirmAccept(page);
    expect(said).toContain(digits(b.total_price));
    expect(said).toContain(digits(quote.total));
    await expect.poll(() => row.getAttribute("data-state"), { timeout: 15_000 }).toBe("accepted");
    // Answered: the count follows.
    await expect.poll(async () => (await pendingBadge(page)) === (await pendingRequests()), { timeout: 15_000 }).toBe(true);

    const [moved] = await bookingsOf(email);
    expect(moved as BookingRow).toMatchObject({ start_date: later.from, end_date: later.to, total_price: quote.total });
    const told = await admin<{ recipient: string; language: string }[]>(`notification_outbox?subject_id=eq.${id}&kind=eq.change_request_decided&select=recipient,language`);
    expect(told).toEqual([{ recipient: email, language: "en" }]);
    await ctx.close();
  });

  it("a change asked for a booking paid online says, before it is accepted, what would go back to the traveller", async () => {
    const { ctx, page } = await adminPage(browser());
    await loginAsAdmin(page, "/admin/requests");
    const carId = (await bookableCars())[4]!.id;
    const email = `mb-paid-${Date.now()}@example.com`;
    const { from, to } = await freeDates([carId], 4, 740);
    const id = await holdCar(carId, from, to, email);
    // Paid online, more than one day of the car will cost.
    await admin("payments", {
      method: "POST",
      body: JSON.stringify({ booking_id: id, kind: "paypal", status: "captured", amount: 500, currency: "EUR", amount_mad: 5000, method: "paypal", provider_order_id: `E2E-${id}`, provider_capture_id: `E2ECAP-${id}`, settled_at: new Date().toISOString() }),
    });
    await admin(`bookings?id=eq.${id}`, { method: "PATCH", body: JSON.stringify({ payment_status: "paid", payment_method: "paypal" }) });
    const b = await askChange(email, id, carId, await freeDates([carId], 1, 770));
    const [asked] = await admin<{ quote: { total: number; refund_due: number } }[]>(`booking_change_requests?booking_id=eq.${id}&select=quote`);
    expect(asked!.quote.refund_due).toBe(5000 - asked!.quote.total);

    const row = page.locator(`[data-testid="request-row"][data-reference="${b.reference}"]`);
    await row.waitFor({ timeout: 15_000 });
    const said = (await row.getByTestId("request-after-payment").textContent()) ?? "";
    expect(said).toContain("à rembourser au client si acceptée");
    expect(Number(said.replace(/[^\d]/g, ""))).toBe(asked!.quote.refund_due);
    await row.getByTestId("accept-request").click();
    const confirmed = await confirmAccept(page);
    expect(confirmed).toContain(digits(asked!.quote.total));
    expect(confirmed).toContain(`${digits(asked!.quote.refund_due)}DHseraàrembourser`);
    await expect.poll(() => row.getAttribute("data-state"), { timeout: 15_000 }).toBe("accepted");
    const [moved] = await admin<{ amount_due_now: number; quote: { due_now: number; refund_due: number } }[]>(`bookings?id=eq.${id}&select=amount_due_now,quote`);
    expect(moved!.quote).toMatchObject({ due_now: 5000, refund_due: asked!.quote.refund_due });

    // The booking's card says it too: paid online, nothing left at pickup, the difference to give back.
    await page.goto(`${BASE_URL}/admin/bookings`);
    await page.getByPlaceholder(/Rechercher par client/).fill(b.reference);
    await page.getByRole("button", { name: `Voir les détails ${b.reference}` }).click();
    const details = page.getByTestId("booking-details");
    const figure = async (id: string) => Number(((await details.getByTestId(id).locator("dd").textContent()) ?? "").replace(/[^\d]/g, ""));
    expect(await details.getByTestId("price-due-now").locator("dt").textContent()).toBe("Payé en ligne");
    expect(await figure("price-due-now")).toBe(5000);
    expect(await figure("price-due-at-pickup")).toBe(0);
    expect(await figure("price-refund-due")).toBe(asked!.quote.refund_due);
    await ctx.close();
  });
});
