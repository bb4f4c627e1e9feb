import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../locales/en.json";
import { formatMoment } from "../src/lib/localeFormat.ts";
import { launch } from "./browser.ts";
import {
  acceptTerms,
  admin,
  anon,
  availability,
  BASE_URL,
  enterDriver,
  freeDates,
  holdCar,
  isoDaysFromNow,
  type Lang,
  noteProblems,
  priceOf,
  TEXTS,
  visitor,
  type Availability,
} from "./helpers.ts";

// "Dates are the inventory", as a visitor sees it (docs/reservations.md):
// search by dates from the home page, totals and taken cars on the fleet page, the
// wizard that starts with the searched dates and refuses taken ones, the race lost
// at submit with other free cars offered, the car page's calendar, and the prices
// shown being the database's (quote_booking). Every test takes its own free dates
// (freeDates) so the suite passes in any order on one shared database.

interface CarRow {
  id: number;
  slug: string;
  brand: string;
  name: string;
  category: string;
  available: boolean;
  not_available_until: string | null;
}

interface BookingRow {
  id: string;
  status: string;
  start_date: string;
  end_date: string;
  pickup_time: string;
  return_time: string;
  language: string;
  total_price: number;
  pickup_location: string;
}

const CATEGORY = "Berline";
let browser: Browser;
let close: () => Promise<void>;
/** The car the visitors book, and the others of its category (the alternatives). */
let target: CarRow;
let others: CarRow[];

beforeAll(async () => {
  ({ browser, close } = await launch());
  const cars = await anon<CarRow[]>(`cars?select=id,slug,brand,name,category,available,not_available_until&category=eq.${CATEGORY}&order=id`);
  const bookable = cars.filter((c) => c.available && !c.not_available_until);
  expect(bookable.length).toBeGreaterThanOrEqual(2);
  [target, ...others] = bookable as [CarRow, ...CarRow[]];
});
afterAll(() => close());

interface Trip {
  from: string;
  to: string;
  pickupTime: string;
  returnTime: string;
}

/** Free dates for the target (and, when asked, its whole category), with a 14:00 pickup and an 11:00 return. */
async function tripFrom(offset: number, days: number, wholeCategory = false): Promise<Trip> {
  const { from, to } = await freeDates(wholeCategory ? [target.id, ...others.map((c) => c.id)] : [target.id], days, offset);
  return { from, to, pickupTime: "14:00", returnTime: "11:00" };
}

const tripQuery = (t: Trip) =>
  new URLSearchParams({ pickup: `${t.from}T${t.pickupTime}`, return: `${t.to}T${t.returnTime}`, place: "Aéroport Mohammed V" }).toString();

async function tripAvailability(t: Trip, carId?: number): Promise<Availability[]> {
  return availability(`${t.from}T${t.pickupTime}`, `${t.to}T${t.returnTime}`, carId);
}

/** The home page's search, filled as a visitor does; lands on the fleet page with the dates in the URL. */
async function searchFromHome(page: Page, t: Trip) {
  await page.goto(BASE_URL + "/");
  const form = page.getByTestId("trip-search");
  await form.waitFor();
  // The airport is preselected.
  expect(await form.locator('[name="place"]').inputValue()).toBe("Aéroport Mohammed V");
  await form.locator('[name="pickupDate"]').fill(t.from);
  await form.locator('[name="pickupTime"]').fill(t.pickupTime);
  await form.locator('[name="returnDate"]').fill(t.to);
  await form.locator('[name="returnTime"]').fill(t.returnTime);
  await page.getByTestId("search-submit").click();
  await page.waitForURL(/\/vehicles\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("pickup")).toBe(`${t.from}T${t.pickupTime}`);
  expect(url.searchParams.get("return")).toBe(`${t.to}T${t.returnTime}`);
  expect(url.searchParams.get("place")).toBe("Aéroport Mohammed V");
  // The cards carry the database's answer once it is in.
  await card(page, target).and(page.locator("[data-free]")).waitFor();
}

const card = (page: Page, car: CarRow) => page.locator(`[data-testid="car-card"][data-slug="${car.slug}"]`);

/** Steps 1 to 4 from a wizard already open; returns the total shown at step 4. */
async function walkWizard(page: Page, who: { name: string; email: string }): Promise<number> {
  await enterDriver(page, who);
  await page.locator('input[name="insurance"][value="basic"]').waitFor();
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("booking-summary").waitFor();
  await expect.poll(() => page.getByTestId("price-source").getAttribute("data-source")).toBe("server");
  await acceptTerms(page);
  return priceOf(await page.getByTestId("summary-total").textContent());
}

describe("search by dates, book, and the dates are taken for the next visitor", () => {
  const runs: [Lang, number, number][] = [
    ["fr", 1366, 300],
    ["fr", 360, 315],
    ["en", 1366, 330],
    ["en", 360, 345],
    ["ar", 1366, 360],
    ["ar", 360, 375],
  ];
  for (const [lang, width, offset] of runs) {
    it(`${lang} at ${width} px`, async () => {
      const t = TEXTS[lang];
      const trip = await tripFrom(offset, 3);
      const found: string[] = [];
      const [row] = await tripAvailability(trip, target.id);
      expect(row).toMatchObject({ free: true, days: 3 });

      // The first visitor searches from the home page and sees the totals for those dates.
      const first = await visitor(browser, { lang, width });
      await searchFromHome(first.page, trip);
      const targetCard = card(first.page, target);
      expect(await targetCard.getAttribute("data-free")).toBe("true");
      // The total paid at the agency (no discount), then the pay-online one on its own line, the free cancellation and the deposit: the database's figures.
      expect(priceOf(await targetCard.getByTestId("car-total").locator("strong").textContent())).toBe(row!.total);
      expect(row!.total).toBe(row!.subtotal);
      expect(row!.online_total).toBeLessThan(row!.total);
      const online = (await targetCard.getByTestId("car-online-total").textContent()) ?? "";
      expect(priceOf(online.slice(online.lastIndexOf(lang === "fr" ? " : " : ":")))).toBe(row!.online_total);
      expect(online).toContain(t.booking.paymentOptions.full.name);
      expect(await targetCard.getByTestId("car-free-cancellation").textContent()).toContain(formatMoment(lang, row!.free_cancellation_until!));
      expect(priceOf(await targetCard.getByTestId("car-deposit").textContent())).toBe(row!.deposit);
      const totalFor = (t.availability as unknown as Record<string, string>)[lang === "ar" ? "totalFor_few" : "totalFor_other"]!;
      expect(await targetCard.getByTestId("car-total").textContent()).toContain(totalFor.replace("{{count}}", "3"));
      await noteProblems(first.page, "fleet (free)", found);

      // Booking it: the wizard starts with the searched dates, times and place.
      await targetCard.getByTestId("car-book").click();
      await first.page.waitForURL(new RegExp(`/booking/${target.slug}\\?`));
      await first.page.getByTestId("booking-wizard").waitFor();
      expect(await first.page.inputValue("#pickupDate")).toBe(trip.from);
      expect(await first.page.inputValue("#pickupTime")).toBe(trip.pickupTime);
      expect(await first.page.inputValue("#returnDate")).toBe(trip.to);
      expect(await first.page.inputValue("#returnTime")).toBe(trip.returnTime);
      const email = `resa-${lang}-${width}-${Date.now()}@example.com`;
      const shown = await walkWizard(first.page, { name: "Rita Résa", email });
      expect(shown).toBe(row!.total); // the same quote, default options
      await first.page.getByTestId("wizard-submit").click();
      await first.page.getByTestId("booking-confirm").waitFor();
      const popup = first.page.waitForEvent("popup");
      await first.page.getByTestId("confirm-whatsapp").click();
      await popup;
      await first.page.getByTestId("booking-sent").waitFor();
      const [stored] = await admin<BookingRow[]>(`bookings?customer_email=eq.${encodeURIComponent(email)}&select=*`);
      expect(stored).toMatchObject({ status: "pending", start_date: trip.from, end_date: trip.to, pickup_time: "14:00:00", return_time: "11:00:00", language: lang, total_price: row!.total });
      expect(first.errors).toEqual([]);
      await first.ctx.close();

      // A second visitor searching the same dates sees that car taken, with its next free date, and cannot book it.
      const [taken] = await tripAvailability(trip, target.id);
      expect(taken).toMatchObject({ free: false, reason: "booked" });
      expect(taken!.next_free).not.toBeNull();
      const second = await visitor(browser, { lang, width });
      await searchFromHome(second.page, trip);
      const takenCard = card(second.page, target);
      expect(await takenCard.getAttribute("data-free")).toBe("false");
      expect(await takenCard.getByTestId("car-badge").textContent()).toBe(t.availability.reasons.booked);
      expect(await takenCard.getByTestId("car-next-free").textContent()).toBe(t.availability.freeFrom.replace("{{date}}", formatMoment(lang, taken!.next_free!)));
      expect(await takenCard.getByTestId("car-book").count()).toBe(0);
      // The others are still offered with their totals.
      expect(await card(second.page, others[0]!).getByTestId("car-book").count()).toBe(1);
      await noteProblems(second.page, "fleet (taken)", found);
      expect(second.errors).toEqual([]);
      await second.ctx.close();
      expect(found).toEqual([]);
    });
  }
});

describe("the fleet page keeps the dates", () => {
  it("in the URL through filters, can change them, and clears them", async () => {
    const trip = await tripFrom(390, 2);
    const { page, ctx } = await visitor(browser, { lang: "en" });
    await page.goto(`${BASE_URL}/vehicles?${tripQuery(trip)}`);
    await card(page, target).and(page.locator("[data-free]")).waitFor();
    expect(await page.getByTestId("free-count").textContent()).toMatch(/free for your dates/);
    await page.getByTestId("filter-category").selectOption("berline");
    await expect.poll(() => page.getByTestId("car-card").count()).toBe(1 + others.length);
    expect(new URL(page.url()).searchParams.get("pickup")).toBe(`${trip.from}T${trip.pickupTime}`);

    // A return before the pickup is refused under its field, in words, not by the browser.
    const form = page.getByTestId("trip-search");
    await form.locator('[name="returnDate"]').fill(trip.from);
    await form.locator('[name="returnTime"]').fill("09:00");
    await page.getByTestId("search-submit").click();
    await page.getByTestId("search-error-returnTime").waitFor();
    expect(await page.getByTestId("search-error-returnTime").textContent()).toBe(en.search.errors.beforePickup);
    expect(new URL(page.url()).searchParams.get("return")).toBe(`${trip.to}T${trip.returnTime}`);

    // Other dates: a new answer, the filters kept.
    const later = isoDaysFromNow(400);
    await form.locator('[name="pickupDate"]').fill(later);
    await form.locator('[name="returnDate"]').fill(isoDaysFromNow(405));
    await form.locator('[name="returnTime"]').fill("10:00");
    await page.getByTestId("search-submit").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("pickup")).toBe(`${later}T${trip.pickupTime}`);
    await expect.poll(async () => (await card(page, target).getByTestId("car-total").textContent()) ?? "").toContain("5 days");
    expect(await page.getByTestId("car-card").count()).toBe(1 + others.length);

    await page.getByTestId("search-clear").click();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await expect.poll(() => page.getByTestId("car-total").count()).toBe(0);
    expect(await page.getByTestId("car-book").count()).toBe(1 + others.length);
    await ctx.close();
  });
});

describe("the wizard knows the dates", () => {
  it("refuses taken dates at step 1 with the next free date, and can move to it", async () => {
    const trip = await tripFrom(420, 3);
    await holdCar(target.id, trip.from, trip.to, `hold-step1-${Date.now()}@example.com`, { pickup: trip.pickupTime, ret: trip.returnTime });
    const [taken] = await tripAvailability(trip, target.id);
    const { page, ctx, errors } = await visitor(browser, { lang: "en" });
    await page.goto(`${BASE_URL}/booking/${target.slug}?${tripQuery(trip)}`);
    await page.getByTestId("booking-wizard").waitFor();
    await page.getByTestId("wizard-next").click();
    const conflict = page.getByTestId("booking-conflict");
    await conflict.waitFor();
    expect(await conflict.getAttribute("data-code")).toBe("BK001");
    expect(await page.getByTestId("conflict-reason").textContent()).toBe("This car is already booked for these dates.");
    expect(await page.getByTestId("conflict-next-free").textContent()).toBe(`It is free again from ${formatMoment("en", taken!.next_free!)}.`);
    expect(await page.getByTestId("wizard-next").isDisabled()).toBe(true);
    expect(await page.locator("#customerName").count()).toBe(0); // still at step 1
    const found: string[] = [];
    await noteProblems(page, "step 1 refused", found);
    expect(found).toEqual([]);

    await page.getByTestId("use-next-free").click();
    const nextFree = taken!.next_free!;
    expect(await page.inputValue("#pickupDate")).toBe(nextFree.slice(0, 10));
    expect(await page.inputValue("#pickupTime")).toBe(nextFree.slice(11, 16));
    await page.getByTestId("wizard-next").click();
    await page.locator("#customerName").waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it("a car back in service on a later date is offered from that date and refused before it", async () => {
    const until = isoDaysFromNow(20);
    const [car] = await admin<CarRow[]>("cars", {
      method: "POST",
      body: JSON.stringify({ name: "Retour", brand: "Dacia", category: "Économique", price: 230, image: "/fleet/dacia-logan.svg", seats: 5, transmission: "manual", fuel: "diesel", rating: 4.2, not_available_until: until }),
    });
    try {
      // The fleet page shows the new car once its render has it (rendered in the background).
      for (let i = 0; i < 60 && !(await fetch(`${BASE_URL}/vehicles?lang=en`).then((r) => r.text())).includes(`data-slug="${car!.slug}"`); i++)
        await new Promise((r) => setTimeout(r, 1000));
      const { page, ctx, errors } = await visitor(browser, { lang: "en" });
      // After its date: free on the fleet page, and the wizard goes on.
      const after: Trip = { from: isoDaysFromNow(25), to: isoDaysFromNow(27), pickupTime: "10:00", returnTime: "10:00" };
      await page.goto(`${BASE_URL}/vehicles?${tripQuery(after)}`);
      await card(page, car!).and(page.locator("[data-free]")).waitFor();
      expect(await card(page, car!).getAttribute("data-free")).toBe("true");
      await card(page, car!).getByTestId("car-book").click();
      await page.getByTestId("booking-wizard").waitFor();
      await page.getByTestId("not-available-until").waitFor();
      await page.getByTestId("wizard-next").click();
      await page.locator("#customerName").waitFor();

      // Before it: refused at step 1 with the date it comes back.
      const before: Trip = { from: isoDaysFromNow(15), to: isoDaysFromNow(17), pickupTime: "10:00", returnTime: "10:00" };
      await page.goto(`${BASE_URL}/booking/${car!.slug}?${tripQuery(before)}`);
      await page.getByTestId("booking-wizard").waitFor();
      await page.getByTestId("wizard-next").click();
      await page.getByTestId("booking-conflict").waitFor();
      expect(await page.getByTestId("booking-conflict").getAttribute("data-code")).toBe("BK003");
      const [row] = await availability(`${before.from}T10:00`, `${before.to}T10:00`, car!.id);
      expect(await page.getByTestId("conflict-next-free").textContent()).toBe(`It is free again from ${formatMoment("en", row!.next_free!)}.`);
      expect(errors).toEqual([]);
      await ctx.close();
    } finally {
      await admin(`cars?id=eq.${car!.id}`, { method: "DELETE" });
    }
  });

  for (const [lang, width, offset, how] of [
    ["ar", 360, 450, "whatsapp"],
    ["fr", 1366, 480, "paypal"],
  ] as const) {
    it(`a race lost at submit (${how}, ${lang}, ${width} px) says so and offers the free cars of the category`, async () => {
      const trip = await tripFrom(offset, 2, true);
      const rows = await tripAvailability(trip);
      const { page, ctx, errors } = await visitor(browser, { lang, width });
      const chats: string[] = [];
      page.on("popup", (p) => chats.push(p.url()));
      await page.goto(`${BASE_URL}/booking/${target.slug}?${tripQuery(trip)}`);
      await page.getByTestId("booking-wizard").waitFor();
      await walkWizard(page, { name: "Rami Race", email: `race-${how}-${Date.now()}@example.com` });
      await page.getByTestId("wizard-submit").click();
      await page.getByTestId("booking-confirm").waitFor();

      // Between step 1 and the submit, someone else takes the car for these dates.
      await holdCar(target.id, trip.from, trip.to, `race-winner-${Date.now()}@example.com`, { pickup: trip.pickupTime, ret: trip.returnTime });
      const [taken] = await tripAvailability(trip, target.id);
      await page.getByTestId(how === "whatsapp" ? "confirm-whatsapp" : "pay-paypal").click();

      const conflict = page.getByTestId("booking-conflict");
      await conflict.waitFor();
      expect(await conflict.getAttribute("data-code")).toBe("BK001");
      expect(await page.getByTestId("conflict-reason").textContent()).toBe(TEXTS[lang].reservation.BK001);
      // Seen where the traveller is: in view and focused (a screen reader reads it), with
      // the pay buttons off while it stands; the database's code is not the traveller's.
      const alert = page.getByTestId("conflict-alert");
      await expect.poll(async () => {
        const b = await alert.boundingBox();
        return b !== null && b.y >= 0 && b.y + Math.min(b.height, 80) <= page.viewportSize()!.height;
      }).toBe(true);
      expect(await alert.getAttribute("role")).toBe("alert");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("conflict-alert");
      expect(await page.getByTestId("confirm-whatsapp").isDisabled()).toBe(true);
      expect(await page.getByTestId("pay-paypal").isDisabled()).toBe(true);
      expect(await alert.textContent()).not.toContain("BK001");
      // The price is the database's, and not said to be: no "computed by our server".
      expect(await page.locator(".price-summary").textContent()).not.toMatch(/serveur|server|خادم/i);
      expect(await page.getByTestId("conflict-next-free").textContent()).toBe(TEXTS[lang].reservation.nextFree.replace("{{date}}", formatMoment(lang, taken!.next_free!)));
      expect(await page.getByTestId("payment-error").count()).toBe(0); // never a generic error
      expect(chats).toEqual([]); // no chat opened for a booking that was not stored

      // Every other free car of the category, each with its total for these dates.
      await page.getByTestId("alternative").first().waitFor();
      const offered = await page.getByTestId("alternative").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.slug));
      expect(offered.sort()).toEqual(others.map((c) => c.slug).sort());
      for (const other of others) {
        const total = rows.find((r) => r.car_id === other.id)!.total;
        expect(priceOf(await page.locator(`[data-testid="alternative"][data-slug="${other.slug}"]`).getByTestId("alternative-total").textContent())).toBe(total);
      }
      const found: string[] = [];
      await noteProblems(page, "race lost", found);
      expect(found).toEqual([]);

      // Booking an alternative keeps the dates.
      const alt = others[0]!;
      await page.locator(`[data-testid="alternative"][data-slug="${alt.slug}"] a`).click();
      await page.waitForURL(new RegExp(`/booking/${alt.slug}\\?`));
      await page.getByTestId("booking-wizard").waitFor();
      expect(await page.inputValue("#pickupDate")).toBe(trip.from);
      expect(await page.inputValue("#returnTime")).toBe(trip.returnTime);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});

describe("prices have one home", () => {
  it("the wizard shows quote_booking's figures and booking_options' prices for a table of cases", async () => {
    const trip = await tripFrom(510, 4);
    const { page, ctx } = await visitor(browser, { lang: "en" });
    await page.goto(`${BASE_URL}/booking/${target.slug}?${tripQuery(trip)}`);
    await page.getByTestId("booking-wizard").waitFor();
    await enterDriver(page, { name: "Quentin Quote", email: "quote@example.com" });
    await page.locator('input[name="insurance"][value="premium"]').waitFor();

    // Step 3's prices are the price list's; what the car includes is shown as included, with no price.
    const options = await anon<{ key: string; price: number; per_day: boolean }[]>("booking_options?select=key,price,per_day");
    const { included } = await anon<{ included: string[] }>("rpc/quote_booking", {
      method: "POST",
      body: JSON.stringify({ p_car_id: target.id, p_start: trip.from, p_end: trip.to }),
    });
    for (const o of options.filter((x) => x.price > 0 && !included.includes(x.key))) {
      const label = page.locator(`label:has(input[value="${o.key}"]) .choice-price`);
      expect(priceOf(await label.textContent()), o.key).toBe(o.price);
    }
    for (const key of included) expect(await page.locator(`[data-included="${key}"]`).count(), key).toBe(1);

    // en: "1,234.50 DH" -> 1234.5
    const amount = async (id: string) => Number(((await page.getByTestId(id).textContent()) ?? "").replace(/[^\d.]/g, ""));
    const cases = [
      { insurance: "basic", extras: {}, payment: "full" },
      { insurance: "premium", extras: { gps: true, roadAssistance: true }, payment: "half" },
      { insurance: "platinum", extras: { wifi: true, childSeat: true, carFridge: true, jawazPass: true, additionalDriver: true }, payment: "reserve" },
    ] as const;
    for (const c of cases) {
      await page.locator(`input[name="insurance"][value="${c.insurance}"]`).check();
      for (const box of await page.locator('input[name="extras"]').all()) {
        const key = (await box.getAttribute("value")) as string;
        await box.setChecked(Boolean((c.extras as Record<string, boolean>)[key]));
      }
      await page.locator(`input[name="paymentOption"][value="${c.payment}"]`).check();
      const q = await anon<Record<string, number> & { online: Record<string, number> }>("rpc/quote_booking", {
        method: "POST",
        body: JSON.stringify({ p_car_id: target.id, p_start: trip.from, p_end: trip.to, p_insurance: c.insurance, p_extras: c.extras, p_payment_option: c.payment }),
      });
      await expect.poll(async () => (await page.getByTestId("price-source").getAttribute("data-source")) === "server" && (await amount("price-total")) === q.total).toBe(true);
      const where = JSON.stringify(c);
      expect(await amount("price-base"), where).toBe(q.base);
      expect(await amount("price-insurance"), where).toBe(q.insurance);
      expect(await amount("price-extras"), where).toBe(q.extras);
      expect(await amount("price-subtotal"), where).toBe(q.subtotal);
      expect(await page.getByTestId("price-discount").count(), where).toBe(q.discount! > 0 ? 1 : 0);
      if (q.discount! > 0) expect(await amount("price-discount"), where).toBe(q.discount);
      // Asked without a channel, the quote is the agency's (nothing now); the online figures follow it.
      expect(q.due_now, where).toBe(0);
      expect(await amount("price-online-total"), where).toBe(q.online.total);
      expect(await page.getByTestId("price-due-now").count(), where).toBe(q.online.due_at_pickup! > 0 ? 1 : 0);
      if (q.online.due_at_pickup! > 0) {
        expect(await amount("price-due-now"), where).toBe(Number(q.online.due_now));
        expect(await amount("price-due-at-pickup"), where).toBe(Number(q.online.due_at_pickup));
      }
    }
    await ctx.close();
  });
});

describe("the car page's calendar", () => {
  for (const [lang, width] of [
    ["fr", 1366],
    ["ar", 360],
  ] as const) {
    it(`shows the next 60 days, usable with the keyboard, in ${lang} at ${width} px`, async () => {
      // A car of its own, so its near days are held only by this test.
      const [car] = await admin<CarRow[]>("cars", {
        method: "POST",
        body: JSON.stringify({ name: `Calendrier ${lang}`, brand: "Dacia", category: "Économique", price: 210, image: "/fleet/dacia-logan.svg", seats: 5, transmission: "manual", fuel: "diesel", rating: 4.1 }),
      });
      try {
        // Held from day 5 at 14:00 to day 8 at 11:00 (+ the 2 h turnaround).
        await holdCar(car!.id, isoDaysFromNow(5), isoDaysFromNow(8), `cal-${Date.now()}@example.com`, { pickup: "14:00", ret: "11:00" });
        const { page, ctx, errors } = await visitor(browser, { lang, width });
        await page.goto(`${BASE_URL}/cars/${car!.slug}`);
        const cal = page.getByTestId("availability-calendar");
        await cal.locator("td.day").first().waitFor();
        expect(await cal.locator("td.day").count()).toBe(60);
        const state = (n: number) => cal.locator(`td[data-day="${isoDaysFromNow(n)}"]`).getAttribute("data-state");
        expect([await state(4), await state(5), await state(6), await state(7), await state(8), await state(9)]).toEqual(["free", "partial", "taken", "taken", "partial", "free"]);
        // Each day reads as its date and state.
        const label = (await cal.locator(`td[data-day="${isoDaysFromNow(6)}"] .visually-hidden`).textContent()) ?? "";
        expect(label).toContain(TEXTS[lang].calendar.states.taken);
        // One day in the tab order; the arrows move by a day (mirrored in Arabic) and by a week.
        expect(await cal.locator('td[tabindex="0"]').count()).toBe(1);
        await cal.locator('td[tabindex="0"]').focus();
        const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.day ?? null);
        expect(await focused()).toBe(isoDaysFromNow(0));
        await page.keyboard.press(lang === "ar" ? "ArrowLeft" : "ArrowRight");
        expect(await focused()).toBe(isoDaysFromNow(1));
        await page.keyboard.press("ArrowDown");
        expect(await focused()).toBe(isoDaysFromNow(8));
        await page.keyboard.press(lang === "ar" ? "ArrowRight" : "ArrowLeft");
        expect(await focused()).toBe(isoDaysFromNow(7));
        expect(await cal.locator('td[tabindex="0"]').getAttribute("data-day")).toBe(isoDaysFromNow(7));
        if (lang === "ar") expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
        const found: string[] = [];
        await noteProblems(page, "car page", found);
        expect(found).toEqual([]);
        expect(errors).toEqual([]);
        await ctx.close();
      } finally {
        await admin(`cars?id=eq.${car!.id}`, { method: "DELETE" });
      }
    });
  }
});
