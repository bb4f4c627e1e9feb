import { describe, expect, it } from "vitest";
import { isBookable, isChatDisabled, showsUnavailableUntil } from "./bookable";

const today = new Date(2030, 5, 15, 18, 30); // 15 June 2030, evening

describe("bookable rule (SPEC section 4)", () => {
  it("needs available", () => {
    expect(isBookable({ available: false, not_available_until: null }, today)).toBe(false);
    expect(isBookable({ available: true, not_available_until: null }, today)).toBe(true);
  });
  it("a date today or earlier is bookable (start of day)", () => {
    expect(isBookable({ available: true, not_available_until: "2030-06-15" }, today)).toBe(true);
    expect(isBookable({ available: true, not_available_until: "2030-06-01" }, today)).toBe(true);
  });
  it("a future date is not bookable and shows the notice", () => {
    const car = { available: true, not_available_until: "2030-06-16" };
    expect(isBookable(car, today)).toBe(false);
    expect(showsUnavailableUntil(car, today)).toBe(true);
  });
  it("no notice without a date", () => {
    expect(showsUnavailableUntil({ available: false, not_available_until: null }, today)).toBe(false);
  });
  it("the chat button is disabled only when unavailable and there is no date", () => {
    expect(isChatDisabled({ available: false, not_available_until: null })).toBe(true);
    expect(isChatDisabled({ available: false, not_available_until: "2030-07-01" })).toBe(false);
    expect(isChatDisabled({ available: true, not_available_until: "2030-07-01" })).toBe(false);
  });
});
