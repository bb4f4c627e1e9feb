import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { formattersFor } from "../../lib/localeFormat";
import { wayForwardError } from "./retry";

// A t() that shows the key, so the test reads which text is chosen.
const t = ((key: string) => key) as unknown as TFunction;
const fmt = formattersFor("fr");

describe("wayForwardError", () => {
  it("says why a switch to WhatsApp is refused by the limits on unpaid requests, and what to do", () => {
    expect(wayForwardError(t, fmt, { message: "Too many", code: "BK005", details: { by: "email", limit: 2 } })).toBe(
      "reservation.BK005 reservation.BK005hint",
    );
    expect(wayForwardError(t, fmt, { message: "Too many", code: "BK006", details: { limit: 6 } })).toBe("reservation.BK006 reservation.BK006hint");
  });
  it("still says the dates were taken for a lapsed booking", () => {
    expect(wayForwardError(t, fmt, { message: "", code: "booking_expired", details: {} })).toBe("wayForward.expired");
  });
});
