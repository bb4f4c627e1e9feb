import { describe, expect, it } from "vitest";
import { badgeOf, isChatDisabled, showsUnavailableUntil } from "./bookable";

// `bookable` is the database's answer (cars.bookable); these are the SPEC's
// display rules built on it.
describe("display rules (SPEC section 4) on the database's bookable flag", () => {
  it("the notice shows when the database says not bookable and a date exists", () => {
    expect(showsUnavailableUntil({ available: true, bookable: false, not_available_until: "2030-06-16" })).toBe(true);
    expect(showsUnavailableUntil({ available: true, bookable: true, not_available_until: "2030-06-01" })).toBe(false);
    expect(showsUnavailableUntil({ available: false, bookable: false, not_available_until: null })).toBe(false);
  });
  it("the chat button is disabled only when unavailable and there is no date", () => {
    expect(isChatDisabled({ available: false, not_available_until: null })).toBe(true);
    expect(isChatDisabled({ available: false, not_available_until: "2030-07-01" })).toBe(false);
    expect(isChatDisabled({ available: true, not_available_until: "2030-07-01" })).toBe(false);
  });
  it("the card's badge follows the flag, then says why", () => {
    expect(badgeOf({ available: true, bookable: true, not_available_until: "2030-06-01" })).toBe("available");
    expect(badgeOf({ available: true, bookable: false, not_available_until: "2030-06-16" })).toBe("availableFrom");
    expect(badgeOf({ available: false, bookable: false, not_available_until: "2030-06-16" })).toBe("unavailable");
    expect(badgeOf({ available: false, bookable: false, not_available_until: null })).toBe("unavailable");
  });
});
