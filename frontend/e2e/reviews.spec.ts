import { beforeAll, describe, expect, it } from "vitest";
import { loginAsAdmin } from "./admin-helpers.ts";
import { admin, anon, ANON_KEY, BASE_URL, isoDaysFromNow, noteProblems, specBrowser, TEXTS, untilServed, visitor } from "./helpers.ts";

// Reviews travellers leave: a rental the agency marks completed e-mails its
// traveller a link (read from the suite's SMTP sink, E2E_MAIL_URL); the traveller
// rates the car in their language (Arabic here, at 360 px), the database refusing
// what it must (no stars, a forged link, a second review); the agency publishes
// the review in the back office, and the car's page, rendered again by the
// server, shows the travellers' rating — beside, never mixed with, the rating the
// agency declares with its source.

const browser = specBrowser();
const stamp = Date.now().toString(36);
const email = `avis-${stamp}@example.com`;
let car: { id: number; slug: string };
let reference = "";

/** The review link of the e-mail delivered to `to`. */
async function reviewLinkTo(to: string): Promise<string> {
  const sink = process.env.E2E_MAIL_URL;
  if (!sink) throw new Error("E2E_MAIL_URL must be set (scripts/test.d/50-e2e.sh starts the sink)");
  for (let i = 0; i < 12; i++) {
    // Blocks up to 10 s for a first message; the outbox worker sends it shortly after the move.
    const res = await fetch(`${sink}/messages?to=${encodeURIComponent(to)}&wait=1`);
    const body = (await res.json()) as { text: string }[] | { messages: { text: string }[] };
    for (const m of Array.isArray(body) ? body : body.messages) {
      const link = /https?:\/\/\S+\/review\?lang=\w+#token=[\w-]+/.exec(m.text)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`no e-mail with a review link to ${to}`);
}

beforeAll(async () => {
  // A car of its own, with the figures the agency declares and their source.
  const [made] = await admin<{ id: number; slug: string }[]>("cars", {
    method: "POST",
    body: JSON.stringify({ name: `Avis ${stamp}`, brand: "Dacia", category: "Économique", price: 240, image: "/fleet/dacia-logan.svg",
      seats: 5, transmission: "manual", fuel: "diesel", rating: 4.6, review_count: 214, rating_source: "Google" }),
  });
  car = made!;
  const [rules] = await anon<{ terms_version: string }[]>("rental_rules?select=terms_version");
  const [booking] = await admin<{ id: string; reference: string }[]>("bookings", {
    method: "POST",
    body: JSON.stringify({ terms_version: rules!.terms_version, driver_requirements_confirmed: true, car_id: car.id,
      customer_name: "سعاد بنعلي", customer_email: email, customer_phone: "+212600000003", start_date: isoDaysFromNow(40),
      end_date: isoDaysFromNow(43), pickup_time: "10:00", return_time: "10:00", payment_method: "whatsapp", status: "confirmed", language: "ar" }),
  });
  reference = booking!.reference;
  // The car goes out, then comes back: the agency's moves, through the state machine.
  for (const status of ["in_progress", "completed"])
    await admin(`bookings?id=eq.${booking!.id}`, { method: "PATCH", body: JSON.stringify({ status }) });
});

describe("Reviews", () => {
  it("ar, 360 px: the e-mailed link rates the car once; published in the back office, it moves the car page's travellers' rating; the declared one keeps its source", async () => {
    const T = TEXTS.ar.review;
    const { page, ctx, errors } = await visitor(browser(), { lang: "ar", width: 360 });
    const found: string[] = [];

    // A forged link opens nothing, and says so in the visitor's language.
    await page.goto(`${BASE_URL}/review?lang=ar#token=${"0".repeat(64)}`);
    await page.getByTestId("review-link-invalid").waitFor();
    expect(await page.getByTestId("review-link-invalid").textContent()).toBe(T.errors.link);

    const link = await reviewLinkTo(email);
    expect(link).toContain("/review?lang=ar#token=");
    await page.goto(link);
    await page.getByTestId("review-form").waitFor({ timeout: 30_000 });
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await noteProblems(page, "review form", found);

    // No star chosen: the database refuses (RV002), the page says it in Arabic.
    await page.getByTestId("review-send").click();
    await expect.poll(() => page.getByTestId("review-error").getAttribute("data-failure")).toBe("stars");
    expect(await page.getByTestId("review-error").textContent()).toBe(T.errors.stars);

    // Four stars by keyboard (the stars are radios), a comment, sent.
    await page.getByRole("radio", { name: T.star_few.replace("{{count}}", "4") }).focus();
    await page.keyboard.press("Space");
    await page.getByLabel(T.comment).fill("سيارة نظيفة واستقبال سريع");
    await page.getByTestId("review-send").click();
    await page.getByTestId("review-left").waitFor();
    expect(await page.getByTestId("review-left").getAttribute("data-status")).toBe("pending");
    await noteProblems(page, "review left", found);

    // One review per rental: the link now shows it, and a second is refused.
    await page.reload();
    await page.getByTestId("review-left").waitFor({ timeout: 30_000 });
    const token = new URL(link).hash.replace("#token=", "");
    const second = await fetch(`${BASE_URL}/rest/v1/rpc/submit_review`, {
      method: "POST",
      headers: { apikey: ANON_KEY(), "content-type": "application/json" },
      body: JSON.stringify({ p_token: token, p_stars: 5 }),
    });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: "RV003" });

    // Before the agency decides: no travellers' rating on the car page; the declared one with its source.
    const carPage = `/cars/${car.slug}`;
    await untilServed(`${carPage}?lang=fr`, (d) => (d.car as { id?: number } | null)?.id === car.id);
    const fr = await visitor(browser(), { lang: "fr", width: 1366 });
    const hero = fr.page.locator(".car-hero"); // the page's own car, not its suggestions' cards
    await fr.page.goto(`${BASE_URL}${carPage}`);
    expect(await hero.getByTestId("traveller-rating").getAttribute("data-count")).toBe("0");
    expect(await hero.getByTestId("declared-rating").textContent()).toContain("Google · 4,6 · 214 avis");

    // The agency publishes it in « Avis ».
    await loginAsAdmin(fr.page, "/admin/reviews");
    const row = fr.page.locator(`[data-testid="review-row"][data-reference="${reference}"]`).first();
    await row.waitFor();
    expect(await row.getAttribute("data-state")).toBe("pending");
    await row.getByTestId("approve-review").click();
    await expect.poll(() => row.getAttribute("data-state"), { timeout: 15_000 }).toBe("approved");

    // The server renders the car page again with the approved review; the browser shows it.
    await untilServed(`${carPage}?lang=fr`, (d) => (d.car as { traveller_review_count?: number }).traveller_review_count === 1);
    const html = await fetch(`${BASE_URL}${carPage}?lang=fr`).then((r) => r.text());
    expect(html).toMatch(/data-testid="traveller-rating" data-rating="4" data-count="1"/);
    await fr.page.goto(`${BASE_URL}${carPage}`);
    const travellers = hero.getByTestId("traveller-rating");
    expect(await travellers.getAttribute("data-count")).toBe("1");
    expect(await travellers.textContent()).toContain(`4 · ${TEXTS.fr.car.travellerReviews_one.replace("{{count}}", "1")}`);
    expect(await hero.getByTestId("declared-rating").textContent()).toContain("Google · 4,6 · 214 avis");
    await noteProblems(fr.page, "car page", found);
    // The fleet's cards read the same figures, rendered again too.
    await untilServed("/vehicles?lang=fr", (d) =>
      ((d.fleet ?? []) as { id: number; traveller_review_count: number; rating_source: string | null }[]).some(
        (c) => c.id === car.id && c.traveller_review_count === 1 && c.rating_source === "Google",
      ),
    );
    // The traveller's link now says it is published.
    await page.reload();
    await page.getByTestId("review-left").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("review-left").getAttribute("data-status")).toBe("approved");
    expect(found).toEqual([]);
    expect([...errors, ...fr.errors]).toEqual([]);
    await fr.ctx.close();
    await ctx.close();
  });
});
