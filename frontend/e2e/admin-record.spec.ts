// The booking record in the back office: what was ordered, the
// reference, money received, counter payments and PayPal refunds, in a real
// browser against the real server, database and PayPal emulator. Every
// expected figure is read from the database (service role), none is typed here.
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch } from "./browser.ts";
import { seriousViolations, sticksOutSideways } from "./helpers.ts";
import { acceptance, adminPage, BASE_URL, client, expectToast, freeCar, insertBooking, isoDay, loginAsAdmin, serviceClient, unique } from "./admin-helpers.ts";

let browser: Browser;
let close: () => Promise<void>;
let page: Page;
const pageErrors: string[] = [];
const svc = serviceClient();

/** Screenshots go to $E2E_SCREENSHOTS when it is set. */
async function shot(name: string, fullPage = false): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/admin-record-${name}.png`, fullPage });
}

/** "⁦1 354,5 DH⁩" → 1354.5 (French grouping spaces, decimal comma, Unicode isolates). */
function amountOf(text: string | null): number {
  const s = (text ?? "").replace(/[^\d,−-]/g, "").replace(",", ".").replace("−", "-");
  return Number(s);
}

/** Money received according to the database (everything up to now), as the service role reads revenue_by_month. */
async function receivedInDatabase(): Promise<{ total: number; byMonth: Map<string, number> }> {
  const { data, error } = await svc.rpc("revenue_by_month", { p_from: "2000-01-01", p_to: "2100-01-01" });
  if (error) throw new Error(`revenue_by_month: ${error.message}`);
  const rows = data as { month: string; received: number | string }[];
  const byMonth = new Map(rows.map((r) => [r.month.slice(0, 7), Math.round(Number(r.received) * 100) / 100]));
  const cents = rows.reduce((s, r) => s + Math.round(Number(r.received) * 100), 0);
  return { total: cents / 100, byMonth };
}

interface Row {
  id: string;
  reference: string;
  status: string;
  payment_status: string;
  total_price: number;
  quote: Record<string, number>;
}

async function bookingRow(id: string): Promise<Row> {
  const { data, error } = await svc.from("bookings").select("id, reference, status, payment_status, total_price, quote").eq("id", id).single();
  if (error) throw new Error(`booking read: ${error.message}`);
  return data as Row;
}

async function payments(bookingId: string) {
  const { data, error } = await svc.from("payments").select("*").eq("booking_id", bookingId).order("created_at");
  if (error) throw new Error(`payments read: ${error.message}`);
  return data as { kind: string; status: string; amount: number; amount_mad: number; currency: string; method: string | null; note: string | null; booking_reference: string; provider_capture_id: string | null; refund_key: string | null }[];
}

/**
 * A booking paid through PayPal, as the site does it: create-paypal-order (the
 * booking is stored first), the buyer approves on the emulator, the return page
 * captures. Returns the booking's id.
 */
async function paidPayPalBooking(name: string, startInDays: number): Promise<string> {
  const slot = await freeCar(startInDays, 2);
  const anon = await client();
  const { data, error } = await anon.functions.invoke<{ bookingId: string; orderId: string }>("create-paypal-order", {
    body: {
      carId: slot.carId,
      pickupDate: isoDay(slot.startInDays),
      returnDate: isoDay(slot.startInDays + slot.days),
      pickupTime: "10:00",
      returnTime: "10:00",
      pickupLocation: "Aéroport Mohammed V",
      returnLocation: "Aéroport Mohammed V",
      customerName: name,
      customerEmail: `${unique("paypal")}@example.com`,
      customerPhone: "+212600445566",
      insurance: "basic",
      extras: { wifi: true },
      paymentOption: "full",
      language: "fr",
      termsVersion: (await acceptance(anon)).terms_version,
      driverConfirmed: true,
    },
  });
  if (error || !data) throw new Error(`create-paypal-order: ${error?.message}`);
  const emulator = process.env.PAYPAL_BASE_URL;
  if (!emulator) throw new Error("PAYPAL_BASE_URL must be set (scripts/paypal-emulator.sh prints it)");
  const approved = await fetch(`${emulator}/_emulator/orders/${data.orderId}/approve`, { method: "POST" });
  expect(approved.status).toBe(200);
  const cap = await anon.functions.invoke("capture-paypal-payment", { body: { orderID: data.orderId, bookingData: {} } });
  if (cap.error) throw new Error(`capture-paypal-payment: ${cap.error.message}`);
  expect(await bookingRow(data.bookingId)).toMatchObject({ status: "confirmed", payment_status: "paid" });
  return data.bookingId;
}

async function openBookings(query: string): Promise<void> {
  await page.goto(`${BASE_URL}/admin/bookings`);
  await page.getByTestId("bookings-stat-revenue").waitFor();
  await page.getByPlaceholder(/Rechercher par client/).fill(query);
}

beforeAll(async () => {
  ({ browser, close } = await launch());
  ({ page } = await adminPage(browser, { width: 1366, errors: pageErrors, acceptDownloads: true }));
  await loginAsAdmin(page);
});

afterAll(async () => {
  await close();
});

describe("a WhatsApp booking with options", () => {
  let id = "";
  let ref = "";
  let row: Row;

  it("shows its reference, insurance, each extra and the breakdown in the table and the details, at 1366 and 360 px", async () => {
    const slot = await freeCar(400, 3);
    const name = unique("Client Options");
    // As the wizard's WhatsApp finish inserts it (anon, no select, payment_status 'pending' as the site sends it).
    id = await insertBooking(await client(), {
      ...slot,
      name,
      email: "options@example.com",
      insurance: "premium",
      extras: { gps: true, childSeat: true, wifi: false },
      pickupTime: "11:15",
      returnTime: "09:30",
      pickupLocation: "Aéroport Mohammed V",
      returnLocation: "Casablanca centre (Maarif)",
      paymentOption: "half",
    });
    row = await bookingRow(id);
    expect(row.reference).toMatch(/^CR-[2-9A-HJKMNP-Z]{5}$/);
    expect(row.payment_status).toBe("none");
    ref = row.reference;
    const q = row.quote;
    expect(q.insurance).toBeGreaterThan(0);
    expect(q.extras).toBeGreaterThan(0);

    // Searched by its reference, typed without the dash and in lower case.
    await openBookings(ref.replace("-", "").toLowerCase());
    const tr = page.locator(`[data-booking-id="${id}"]`);
    await tr.waitFor();
    expect(await page.getByTestId("booking-row").count()).toBe(1);
    expect(await tr.getByTestId("booking-reference").textContent()).toBe(ref);
    // Compact icons, named for screen readers.
    const opts = tr.getByTestId("booking-options");
    expect(await opts.getAttribute("aria-label")).toBe("Options commandées");
    expect(await opts.locator("li").evaluateAll((els) => els.map((e) => e.textContent))).toEqual(["Assurance Premium", "GPS", "Siège enfant"]);
    expect(await tr.getByTestId("payment-status").textContent()).toBe("Aucun paiement");
    // The suffix alone finds it too.
    await page.getByPlaceholder(/Rechercher par client/).fill(ref.slice(3));
    await tr.waitFor();
    expect(await page.getByTestId("booking-row").count()).toBe(1);

    await tr.getByRole("button", { name: `Voir les détails ${ref}` }).click();
    const dialog = page.getByRole("dialog", { name: `Détails de la réservation ${ref}` });
    await dialog.waitFor();
    const details = dialog.getByTestId("booking-details");
    expect(await details.getByTestId("booking-reference").textContent()).toBe(`Référence ${ref}`);
    expect(await details.getByTestId("order-insurance").locator("dd").textContent()).toBe("Premium");
    await details.getByTestId("order-extras").locator("li").first().waitFor();
    expect(await details.getByTestId("order-extras").locator("li").allTextContents()).toEqual(["GPS", "Siège enfant"]);
    await details.getByText("Casablanca centre (Maarif)").waitFor();
    await details.getByText("11:15").waitFor();
    await details.getByText("09:30").waitFor();
    const figure = async (testId: string) => amountOf(await details.getByTestId(testId).locator("dd").textContent());
    expect(await figure("price-rental")).toBe(q.base);
    expect(await figure("price-insurance")).toBe(q.insurance);
    expect(await figure("price-extras")).toBe(q.extras);
    // A request paid at the agency has no online discount: no discount row.
    expect(q.discount).toBe(0);
    expect(await details.getByTestId("price-discount").count()).toBe(0);
    expect(await figure("price-total")).toBe(row.total_price);
    expect(await figure("price-due-now")).toBe(q.due_now);
    expect(await figure("price-due-at-pickup")).toBe(q.due_at_pickup);
    expect(await figure("price-deposit")).toBe(q.deposit);
    expect(await details.getByTestId("price-rental").locator("dt").textContent()).toMatch(new RegExp(`^Location \\(${q.days} jours × .+ DH.\\)$`));
    expect(await details.getByTestId("booking-payment").getByTestId("payment-status").textContent()).toBe("Aucun paiement");
    await details.getByText("Aucun mouvement de paiement.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot("details-1366");

    await page.setViewportSize({ width: 360, height: 740 });
    await dialog.getByTestId("booking-breakdown").scrollIntoViewIfNeeded();
    expect(await sticksOutSideways(page)).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await shot("details-360");
    await page.keyboard.press("Escape");
    await page.getByPlaceholder(/Rechercher par client/).fill(ref);
    await tr.waitFor();
    expect(await sticksOutSideways(page)).toBeNull();
    await shot("table-360", true);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it("exports it to the CSV file with what was ordered, the breakdown and what is due", async () => {
    await openBookings(ref);
    await page.locator(`[data-booking-id="${id}"]`).waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
    const text = await readFile(await download.path(), "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...lines] = text.slice(1).trimEnd().split("\r\n");
    expect(lines).toHaveLength(1);
    const cols = (header ?? "").split(";");
    const cells = (lines[0] ?? "").split(";");
    const csv = Object.fromEntries(cols.map((c, i) => [c, cells[i]]));
    const money = (n: number) => String(n).replace(".", ",");
    const q = row.quote;
    expect(csv).toMatchObject({
      Référence: ref,
      Identifiant: id,
      "Heure de prise en charge": "11:15",
      "Heure de restitution": "09:30",
      "Lieu de prise en charge": "Aéroport Mohammed V",
      "Lieu de restitution": "Casablanca centre (Maarif)",
      Jours: String(q.days),
      Assurance: "Premium",
      GPS: "Oui",
      "Siège enfant": "Oui",
      "Wi-Fi portable": "Non",
      "Conducteur supplémentaire": "Non",
      "Location (DH)": money(q.base!),
      "Assurance (DH)": money(q.insurance!),
      "Options (DH)": money(q.extras!),
      "Remise (DH)": money(q.discount!),
      "Montant (DH)": money(row.total_price),
      Formule: "Moitié maintenant",
      "À payer à la réservation (DH)": money(q.due_now!),
      "À payer à la prise en charge (DH)": money(q.due_at_pickup!),
      "Caution (DH)": money(q.deposit!),
      Paiement: "WhatsApp",
      "État du paiement": "Aucun paiement",
    });
  });

  it("records a counter payment: the details, the bookings page and the dashboard's « encaissé » rise by exactly that amount", async () => {
    const before = await receivedInDatabase();
    await page.goto(`${BASE_URL}/admin/dashboard`);
    const card = page.getByTestId("card-revenue");
    await card.waitFor();
    // The card says what it counts.
    expect(await card.locator(".adm-stat__label").textContent()).toBe("Encaissé");
    expect(await card.getByTestId("revenue-counts").textContent()).toBe("PayPal − remboursements + comptoir");
    expect(amountOf(await card.locator(".adm-stat__value").textContent())).toBe(before.total);

    await openBookings(ref);
    const stat = page.getByTestId("bookings-stat-revenue").locator(".adm-stat__value");
    await expect.poll(async () => amountOf(await stat.textContent())).toBe(before.total);
    const tr = page.locator(`[data-booking-id="${id}"]`);
    await tr.getByRole("button", { name: `Voir les détails ${ref}` }).click();
    const details = page.getByTestId("booking-details");
    await details.getByText("Aucun mouvement de paiement.").waitFor();
    expect(amountOf(await details.getByTestId("booking-remaining").locator("dd").textContent())).toBe(row.total_price);
    await details.getByTestId("record-counter").click();
    const dialog = page.getByRole("dialog", { name: `Paiement au comptoir · ${ref}` });
    const form = dialog.getByTestId("counter-form");
    // Offered: what is left to take. The form's rules first.
    expect(amountOf(await form.locator('input[name="amount"]').inputValue())).toBe(row.total_price);
    await form.locator('input[name="amount"]').fill("12,345");
    await form.getByTestId("counter-submit").click();
    await form.getByText("Montant invalide : un nombre supérieur à 0, deux décimales au plus").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot("counter-1366");
    await form.getByLabel("Carte bancaire (TPE)").check();
    await form.locator('input[name="amount"]').fill("450,50");
    await form.locator('input[name="note"]').fill("Acompte e2e, ticket 0042");
    await form.getByTestId("counter-submit").click();
    await expectToast(page, "Paiement au comptoir de \u2066450,50 DH\u2069 enregistré");
    await dialog.waitFor({ state: "hidden" });

    // At once: the movement in the details, the payment state, what remains, the page's figure.
    const moved = details.getByTestId("payment-row");
    await moved.waitFor();
    expect(await moved.getAttribute("data-kind")).toBe("counter");
    await moved.getByText("Carte bancaire (TPE)").waitFor();
    await moved.getByText("Acompte e2e, ticket 0042").waitFor();
    await expect.poll(() => details.getByTestId("booking-payment").locator("[data-testid=payment-status]").first().textContent()).toBe("Payé au comptoir");
    expect(amountOf(await details.getByTestId("booking-received").locator("dd").textContent())).toBe(450.5);
    expect(amountOf(await details.getByTestId("booking-remaining").locator("dd").textContent())).toBe(Math.round((row.total_price - 450.5) * 100) / 100);
    await expect.poll(async () => amountOf(await stat.textContent())).toBe(Math.round((before.total + 450.5) * 100) / 100);
    await page.keyboard.press("Escape");
    expect(await tr.getByTestId("payment-status").textContent()).toBe("Payé au comptoir");

    // What the database holds.
    const [p] = await payments(id);
    expect(p).toMatchObject({ kind: "counter", status: "completed", currency: "MAD", method: "card", note: "Acompte e2e, ticket 0042", booking_reference: ref });
    expect(Number(p!.amount)).toBe(450.5);
    expect((await bookingRow(id)).payment_status).toBe("counter");

    // The dashboard: up by exactly that amount, and equal to what revenue_by_month answers.
    const after = await receivedInDatabase();
    expect(Math.round((after.total - before.total) * 100)).toBe(45050);
    await page.goto(`${BASE_URL}/admin/dashboard`);
    await card.waitFor();
    expect(amountOf(await card.locator(".adm-stat__value").textContent())).toBe(after.total);
    // The chart's month (its table for screen readers) shows the month's money received.
    const month = await page.evaluate(() => {
      const p = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Casablanca", year: "numeric", month: "2-digit" }).formatToParts(new Date());
      return `${p.find((x) => x.type === "year")?.value}-${p.find((x) => x.type === "month")?.value}`;
    });
    const chartRow = page.locator(".adm-chart table tr").filter({ has: page.getByRole("rowheader", { name: month }) });
    expect(amountOf(await chartRow.locator("td").nth(1).textContent())).toBe(after.byMonth.get(month));
    expect(await seriousViolations(page)).toEqual([]);
    await shot("dashboard-1366");
  });
});

describe("refunds through PayPal", () => {
  it("cancels a paid booking and refunds it in full: a double click and a resend refund once", async () => {
    const id = await paidPayPalBooking(unique("Client Remboursé"), 430);
    const row = await bookingRow(id);
    const [captured] = await payments(id);
    expect(captured).toMatchObject({ kind: "paypal", status: "captured" });
    const before = await receivedInDatabase();

    // Every refund request the page sends, to replay one afterwards.
    const sent: { body: string; headers: Record<string, string> }[] = [];
    await page.route("**/functions/v1/refund-paypal-payment", async (route) => {
      const req = route.request();
      if (req.method() === "POST") sent.push({ body: req.postData() ?? "", headers: await req.allHeaders() });
      await route.continue();
    });

    await openBookings(row.reference);
    const tr = page.locator(`[data-booking-id="${id}"]`);
    expect(await tr.getByTestId("payment-status").textContent()).toBe("Payé (PayPal)");
    await shot("table-1366");
    await tr.getByRole("button", { name: `Modifier le statut et les notes ${row.reference}` }).click();
    const form = page.getByTestId("booking-edit-form");
    await form.locator('select[name="status"]').selectOption("cancelled");
    const fields = form.getByTestId("refund-fields");
    await fields.waitFor();
    // What can be refunded: what was captured, in DH; "everything" is the default.
    await expect.poll(async () => amountOf(await fields.getByTestId("refundable").textContent())).toBe(Number(captured!.amount_mad));
    expect(await fields.getByRole("radio", { name: /^Tout rembourser/ }).isChecked()).toBe(true);
    expect(await form.getByTestId("booking-edit-submit").textContent()).toBe("Annuler et rembourser");
    expect(await seriousViolations(page)).toEqual([]);
    await shot("cancel-refund-1366");
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await sticksOutSideways(page)).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await shot("cancel-refund-360");
    await page.setViewportSize({ width: 1366, height: 900 });

    await form.getByTestId("booking-edit-submit").dblclick();
    const toast = page.getByTestId("toast").locator("span").filter({ hasText: /^Réservation annulée et remboursée : .+ rendus au client/ });
    await toast.waitFor({ timeout: 15_000 });
    expect(amountOf(await toast.textContent())).toBe(Number(captured!.amount_mad));
    await expect.poll(() => tr.getByTestId("booking-status").textContent()).toBe("Annulée");
    expect(await tr.getByTestId("payment-status").textContent()).toBe("Remboursé");

    const refunds = (await payments(id)).filter((p) => p.kind === "refund");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: "completed" });
    expect(Number(refunds[0]!.amount_mad)).toBe(Number(captured!.amount_mad));
    expect(await bookingRow(id)).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    expect(sent.length).toBeGreaterThanOrEqual(1);
    const body = JSON.parse(sent[0]!.body) as { bookingId: string; key: string; cancel: boolean; amountMAD?: number };
    expect(body).toMatchObject({ bookingId: id, cancel: true });
    expect(body.amountMAD).toBeUndefined();
    expect(new Set(sent.map((s) => (JSON.parse(s.body) as { key: string }).key)).size).toBe(1);
    expect(refunds[0]!.refund_key).toBe(body.key);

    // The same request sent again (an answer lost, a retry): the same refund, none more.
    const again = await fetch(`${BASE_URL}/functions/v1/refund-paypal-payment`, {
      method: "POST",
      headers: { authorization: sent[0]!.headers.authorization ?? "", apikey: sent[0]!.headers.apikey ?? "", "content-type": "application/json" },
      body: sent[0]!.body,
    });
    expect(again.status).toBe(200);
    expect((await payments(id)).filter((p) => p.kind === "refund")).toHaveLength(1);
    await page.unroute("**/functions/v1/refund-paypal-payment");

    // Money received went down by what was given back.
    const after = await receivedInDatabase();
    expect(Math.round((before.total - after.total) * 100)).toBe(Math.round(Number(captured!.amount_mad) * 100));
    await expect.poll(async () => amountOf(await page.getByTestId("bookings-stat-revenue").locator(".adm-stat__value").textContent())).toBe(after.total);
  });

  it("refunds part of a payment from the details without cancelling; PayPal's refusal is told in French", async () => {
    const id = await paidPayPalBooking(unique("Client Partiel"), 460);
    const row = await bookingRow(id);
    const [captured] = await payments(id);
    const paid = Number(captured!.amount_mad);

    await openBookings(row.reference);
    const tr = page.locator(`[data-booking-id="${id}"]`);
    await tr.getByRole("button", { name: `Voir les détails ${row.reference}` }).click();
    const details = page.getByTestId("booking-details");
    await details.getByTestId("payment-row").first().waitFor();
    expect(await details.getByTestId("payment-row").first().getAttribute("data-kind")).toBe("paypal");
    await details.getByTestId("payment-row").first().getByText(captured!.provider_capture_id!).waitFor();
    await details.getByTestId("open-refund").click();
    const dialog = page.getByRole("dialog", { name: `Rembourser via PayPal · ${row.reference}` });
    const form = dialog.getByTestId("refund-form");
    await expect.poll(async () => amountOf(await form.getByTestId("refundable").textContent())).toBe(paid);
    await form.getByRole("radio", { name: "Rembourser un montant" }).check();
    // More than was paid: refused before anything is sent.
    await form.getByLabel("Montant à rembourser (DH)").fill(String(paid + 1).replace(".", ","));
    await form.getByTestId("refund-submit").click();
    await form.getByText(/^Au plus .* peuvent encore être remboursés$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot("refund-1366");

    // PayPal refuses once (the emulator's fault): told in words, nothing refunded, the booking unchanged.
    const emulator = process.env.PAYPAL_BASE_URL!;
    const fault = await fetch(`${emulator}/_emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ op: "refund", order_id: captured!.provider_capture_id, issue: "REFUND_FAILED_INSUFFICIENT_FUNDS" }),
    });
    expect(fault.status).toBe(201);
    await form.getByLabel("Montant à rembourser (DH)").fill("100");
    await form.getByLabel("Motif (facultatif)").fill("Geste commercial e2e");
    await form.getByTestId("refund-submit").click();
    const refusal = form.getByTestId("refund-error");
    await refusal.waitFor();
    expect(await refusal.locator("p").first().textContent()).toBe("PayPal a refusé le remboursement : rien n'a été rendu et la réservation n'a pas été modifiée.");
    await refusal.getByText(/REFUND_FAILED_INSUFFICIENT_FUNDS/).waitFor();
    expect(await bookingRow(id)).toMatchObject({ status: "confirmed", payment_status: "paid" });

    // Tried again (a new attempt, the fault is spent): 100 DH go back.
    await form.getByTestId("refund-submit").click();
    await expectToast(page, "Remboursement effectué : \u2066100 DH\u2069 rendus au client");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => details.getByTestId("booking-payment").locator("[data-testid=payment-status]").first().textContent()).toBe("Remboursé en partie");
    const refundRows = details.locator('[data-testid=payment-row][data-kind="refund"]');
    await expect.poll(() => refundRows.count()).toBe(2);
    expect(await details.locator('[data-testid=payment-row][data-kind="refund"][data-status="completed"]').getByText("Geste commercial e2e").count()).toBe(1);
    expect(amountOf(await details.getByTestId("booking-received").locator("dd").textContent())).toBe(Math.round((paid - 100) * 100) / 100);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await sticksOutSideways(page)).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await shot("details-refunds-360");
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.keyboard.press("Escape");

    const refunds = (await payments(id)).filter((p) => p.kind === "refund");
    expect(refunds.map((r) => r.status).sort()).toEqual(["completed", "failed"]);
    expect(Number(refunds.find((r) => r.status === "completed")!.amount_mad)).toBe(100);
    expect(await bookingRow(id)).toMatchObject({ status: "confirmed", payment_status: "partially_refunded" });
    expect(pageErrors).toEqual([]);
  });
});

describe("payment attempts that never became bookings", () => {
  it("are hidden from the default list and shown by the filter", async () => {
    const slot = await freeCar(490, 2);
    const name = unique("Client Tentative");
    const id = await insertBooking(await client(), { ...slot, name, email: "tentative@example.com" });
    // As a declined PayPal attempt leaves it (the payment functions write this).
    await svc.from("bookings").update({ payment_method: "paypal", payment_status: "failed" }).eq("id", id).throwOnError();
    await openBookings(name);
    const tr = page.locator(`[data-booking-id="${id}"]`);
    await page.getByText("Aucune réservation trouvée.").waitFor();
    expect(await page.getByTestId("show-attempts").isChecked()).toBe(false);
    await page.getByTestId("show-attempts").check();
    await tr.waitFor();
    expect(await tr.getByTestId("payment-status").textContent()).toBe("Paiement échoué");
    await page.getByTestId("show-attempts").uncheck();
    await expect.poll(() => tr.count()).toBe(0);
    await page.getByLabel("Filtrer par paiement").selectOption("failed");
    await tr.waitFor();
    // Confirmed by the agency after all: a booking again, in the default list.
    await page.getByLabel("Filtrer par paiement").selectOption("all");
    await svc.from("bookings").update({ status: "confirmed" }).eq("id", id).throwOnError();
    await page.reload();
    await page.getByPlaceholder(/Rechercher par client/).fill(name);
    await tr.waitFor();
  });
});
