import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  defaultTrip,
  movePickupDate,
  parseTrip,
  pickupMoment,
  returnMoment,
  returnPlaceFor,
  shiftTrip,
  tripQuery,
  validateTrip,
  withTrip,
  withoutTrip,
  type Trip,
} from "./trip";

const trip: Trip = { place: "Gare Casa-Port", pickupDate: "2030-12-10", pickupTime: "09:30", returnDate: "2030-12-14", returnTime: "18:00" };

describe("trip in the URL", () => {
  it("round-trips through the query string the home search writes", () => {
    const q = tripQuery(trip);
    const params = new URLSearchParams(q);
    expect(params.get("pickup")).toBe("2030-12-10T09:30");
    expect(params.get("return")).toBe("2030-12-14T18:00");
    expect(params.get("place")).toBe("Gare Casa-Port");
    expect(parseTrip(params)).toEqual(trip);
    expect(withTrip("/booking/dacia-logan", trip)).toBe(`/booking/dacia-logan?${q}`);
    expect(withTrip("/cars/x", null)).toBe("/cars/x");
  });

  it("accepts seconds and defaults an unknown place to the airport", () => {
    expect(parseTrip(new URLSearchParams("pickup=2030-12-10T09:30:00&return=2030-12-14T18:00&place=Mars"))).toEqual({ ...trip, place: "Aéroport Mohammed V" });
  });

  it.each([
    ["", "no parameters"],
    ["pickup=2030-12-10T09:30", "no return"],
    ["pickup=2030-02-30T09:30&return=2030-03-02T10:00", "a day that does not exist"],
    ["pickup=2030-12-10T24:00&return=2030-12-14T10:00", "an hour out of range"],
    ["pickup=10/12/2030&return=14/12/2030", "another date format"],
  ])("is null for %j (%s)", (query) => {
    expect(parseTrip(new URLSearchParams(query))).toBeNull();
  });

  it("clearing the dates keeps the other parameters", () => {
    const params = new URLSearchParams(`${tripQuery(trip)}&page=2`);
    expect(withoutTrip(params).toString()).toBe("page=2");
  });

  it("gives the database local timestamps", () => {
    expect(pickupMoment(trip)).toBe("2030-12-10T09:30:00");
    expect(returnMoment(trip)).toBe("2030-12-14T18:00:00");
  });
});

describe("trip rules", () => {
  const today = "2030-12-01";
  it("defaults to tomorrow 10:00 for three days at the airport", () => {
    expect(defaultTrip("2030-12-31")).toEqual({ place: "Aéroport Mohammed V", pickupDate: "2031-01-01", pickupTime: "10:00", returnDate: "2031-01-04", returnTime: "10:00" });
    expect(validateTrip(defaultTrip(today), today)).toEqual({});
  });

  it("needs every field", () => {
    expect(validateTrip({ place: "", pickupDate: "", pickupTime: "", returnDate: "", returnTime: "" }, today)).toEqual({
      place: "required",
      pickupDate: "required",
      pickupTime: "required",
      returnDate: "required",
      returnTime: "required",
    });
  });

  it("refuses a pickup before today", () => {
    expect(validateTrip({ ...trip, pickupDate: "2030-11-30" }, today)).toEqual({ pickupDate: "pastDate" });
    expect(validateTrip({ ...trip, pickupDate: today }, today)).toEqual({});
  });

  it("needs the return after the pickup, date and time", () => {
    expect(validateTrip({ ...trip, returnDate: "2030-12-09" }, today)).toEqual({ returnDate: "beforePickup" });
    // Same day: the time decides.
    expect(validateTrip({ ...trip, returnDate: "2030-12-10", returnTime: "09:30" }, today)).toEqual({ returnTime: "beforePickup" });
    expect(validateTrip({ ...trip, returnDate: "2030-12-10", returnTime: "09:00" }, today)).toEqual({ returnTime: "beforePickup" });
    expect(validateTrip({ ...trip, returnDate: "2030-12-10", returnTime: "13:00" }, today)).toEqual({});
  });

  it("refuses what the rental rules read from the database refuse, and leaves it to the database until they are read", () => {
    const rules = { longestRentalDays: 40, earliestPickupDays: 0 };
    expect(validateTrip({ ...trip, returnDate: "2031-01-20" }, today, rules)).toEqual({ returnDate: "tooLong" }); // 41 days
    expect(validateTrip({ ...trip, returnDate: "2031-01-19" }, today, rules)).toEqual({});
    expect(validateTrip({ ...trip, returnDate: "2031-12-11" }, today)).toEqual({});
    // The earliest pickup: 2030-12-01 + 9 days is the pickup day itself; + 10 is after it.
    expect(validateTrip(trip, today, { ...rules, earliestPickupDays: 9 })).toEqual({});
    expect(validateTrip(trip, today, { ...rules, earliestPickupDays: 10 })).toEqual({ pickupDate: "pastDate" });
  });

  it("moving the pickup past the return moves the return and keeps the length", () => {
    expect(movePickupDate(trip, "2030-12-20")).toMatchObject({ pickupDate: "2030-12-20", returnDate: "2030-12-24" });
    // Still before the return: the return stays.
    expect(movePickupDate(trip, "2030-12-11")).toMatchObject({ pickupDate: "2030-12-11", returnDate: "2030-12-14" });
  });

  it("shifting to the next free moment keeps the rental's duration", () => {
    // 4 days and 8h30 long.
    expect(shiftTrip(trip, "2030-12-16T16:00:00")).toMatchObject({ pickupDate: "2030-12-16", pickupTime: "16:00", returnDate: "2030-12-21", returnTime: "00:30" });
    expect(shiftTrip(trip, "not a date")).toEqual(trip);
  });

  it("a hotel delivery is collected at the hotel", () => {
    expect(returnPlaceFor("Hôtel (livraison)")).toBe("Hôtel (collecte)");
    expect(returnPlaceFor("Gare Casa-Port")).toBe("Gare Casa-Port");
  });

  it("counts calendar days across months and years", () => {
    expect(addDays("2030-12-30", 3)).toBe("2031-01-02");
    expect(addDays("2031-03-01", -1)).toBe("2031-02-28");
    expect(daysBetween("2030-12-30", "2031-01-02")).toBe(3);
  });
});
