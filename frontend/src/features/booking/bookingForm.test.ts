import { describe, expect, it } from "vitest";
import { initialForm, tripOfForm, withTripDates } from "./bookingForm";

const trip = { place: "Hôtel (livraison)", pickupDate: "2030-12-10", pickupTime: "09:30", returnDate: "2030-12-14", returnTime: "18:00" };

describe("the wizard's form and the searched trip", () => {
  it("starts empty at the airport at 10:00 without a trip (SPEC section 9)", () => {
    expect(initialForm(null)).toMatchObject({ pickupDate: "", returnDate: "", pickupTime: "10:00", returnTime: "10:00", pickupLocation: "Aéroport Mohammed V", returnLocation: "Aéroport Mohammed V" });
  });
  it("starts with the searched dates, times and place", () => {
    expect(initialForm(trip)).toMatchObject({ pickupDate: "2030-12-10", pickupTime: "09:30", returnDate: "2030-12-14", returnTime: "18:00", pickupLocation: "Hôtel (livraison)", returnLocation: "Hôtel (collecte)" });
  });
  it("gives its own trip back and takes another's dates", () => {
    const f = initialForm(trip);
    expect(tripOfForm(f)).toEqual(trip);
    const moved = withTripDates(f, { ...trip, pickupDate: "2030-12-20", returnDate: "2030-12-24", place: "Gare Casa-Port" });
    expect(moved).toMatchObject({ pickupDate: "2030-12-20", returnDate: "2030-12-24", pickupLocation: "Hôtel (livraison)" });
  });
});
