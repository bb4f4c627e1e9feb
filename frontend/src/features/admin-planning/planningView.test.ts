import { describe, expect, it } from "vitest";
import { agencyToday } from "../admin-kit";
import {
  addDays,
  assignLanes,
  blockSpan,
  bookingSpan,
  coveredBookings,
  daysBetween,
  groupByCar,
  isISODate,
  overlaps,
  place,
  startOfWeek,
  windowDays,
  windowLabel,
  windowStart,
  type Span,
} from "./planningView";
import { validateBlock, blockRange } from "./blockForm";

const booking = (p: { id: string; car_id?: number | null; status?: string; start_date: string; end_date: string; pickup_time?: string; return_time?: string }) => ({
  car_id: 1,
  status: "confirmed",
  pickup_time: "10:00:00",
  return_time: "10:00:00",
  ...p,
});

describe("the window", () => {
  it("does calendar arithmetic without time-zone drift (months, years, daylight saving)", () => {
    expect(addDays("2026-01-30", 3)).toBe("2026-02-02");
    expect(addDays("2026-12-29", 7)).toBe("2027-01-05");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30"); // EU clocks change that night
    expect(addDays("2026-01-05", -7)).toBe("2025-12-29");
    expect(daysBetween("2026-02-26", "2026-03-02")).toBe(4);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2); // leap year
  });
  it("starts on the Monday of the requested week, or of today's when the request is missing or invalid", () => {
    expect(startOfWeek("2026-01-14")).toBe("2026-01-12"); // a Wednesday
    expect(startOfWeek("2026-01-12")).toBe("2026-01-12");
    expect(startOfWeek("2026-01-18")).toBe("2026-01-12"); // Sunday belongs to the week before
    expect(windowStart("2026-03-04", "2026-01-14")).toBe("2026-03-02");
    expect(windowStart(null, "2026-01-14")).toBe("2026-01-12");
    expect(windowStart("2026-02-30", "2026-01-14")).toBe("2026-01-12");
    expect(windowStart("next week", "2026-01-14")).toBe("2026-01-12");
    expect(isISODate("2026-02-29")).toBe(false);
    expect(isISODate("2028-02-29")).toBe(true);
  });
  it("lists two weeks of days with today and the weekends marked", () => {
    const days = windowDays("2026-01-12", "2026-01-14");
    expect(days).toHaveLength(14);
    expect(days[0]?.iso).toBe("2026-01-12");
    expect(days[13]?.iso).toBe("2026-01-25");
    expect(days.filter((d) => d.isToday).map((d) => d.iso)).toEqual(["2026-01-14"]);
    expect(days.filter((d) => d.isWeekend).map((d) => d.iso)).toEqual(["2026-01-17", "2026-01-18", "2026-01-24", "2026-01-25"]);
  });
  it("says today's date as Casablanca does, not as the browser's zone does", () => {
    // 23:30 UTC on 12 January is already 00:30 on the 13th in Casablanca (UTC+1).
    expect(agencyToday(new Date("2026-01-12T23:30:00Z"))).toBe("2026-01-13");
    expect(agencyToday(new Date("2026-01-12T22:30:00Z"))).toBe("2026-01-12");
  });
  it("names the period in French", () => {
    expect(windowLabel("2026-01-12")).toBe("12 – 25 janv. 2026");
    expect(windowLabel("2026-01-26")).toBe("26 janv. – 8 févr. 2026");
    expect(windowLabel("2025-12-22")).toBe("22 déc. 2025 – 4 janv. 2026");
  });
});

describe("placing bars", () => {
  const from = "2026-01-12";
  it("places a booking by its pickup and return times", () => {
    // 12 Jan 12:00 → 15 Jan 12:00: starts half a day in, lasts 3 of 14 days.
    const pl = place(bookingSpan({ start_date: "2026-01-12", end_date: "2026-01-15", pickup_time: "12:00:00", return_time: "12:00" }), from);
    expect(pl).toEqual({ offset: 0.5 / 14, width: 3 / 14, cutStart: false, cutEnd: false });
  });
  it("places a block over whole days, its last day included", () => {
    const pl = place(blockSpan({ start_date: "2026-01-14", end_date: "2026-01-15" }), from);
    expect(pl).toEqual({ offset: 2 / 14, width: 2 / 14, cutStart: false, cutEnd: false });
  });
  it("cuts what starts before or ends after the window, and drops what lies outside", () => {
    const before = place(bookingSpan({ start_date: "2026-01-10", end_date: "2026-01-13", pickup_time: "10:00", return_time: "06:00" }), from);
    // Returned on the 13th at 06:00: a day and a quarter of the window.
    expect(before).toEqual({ offset: 0, width: 1.25 / 14, cutStart: true, cutEnd: false });
    const after = place(blockSpan({ start_date: "2026-01-25", end_date: "2026-02-03" }), from);
    expect(after).toEqual({ offset: 13 / 14, width: 1 / 14, cutStart: false, cutEnd: true });
    // Returned at midnight as the window opens: nothing of it is inside.
    expect(place(bookingSpan({ start_date: "2026-01-08", end_date: "2026-01-12", pickup_time: "10:00", return_time: "00:00" }), from)).toBeNull();
    expect(place(blockSpan({ start_date: "2026-01-26", end_date: "2026-01-27" }), from)).toBeNull();
  });
  it("treats touching spans as not overlapping", () => {
    const a: Span = { startDate: "2026-01-12", startTime: "10:00", endDate: "2026-01-14", endTime: "10:00" };
    const b: Span = { startDate: "2026-01-14", startTime: "10:00", endDate: "2026-01-15", endTime: "10:00" };
    const c: Span = { startDate: "2026-01-14", startTime: "09:59", endDate: "2026-01-15", endTime: "10:00" };
    expect(overlaps(a, b)).toBe(false);
    expect(overlaps(a, c)).toBe(true);
    expect(overlaps(c, a)).toBe(true);
  });
  it("puts overlapping items on separate lanes and reuses a lane once it is free", () => {
    const items = [
      { id: "block", span: blockSpan({ start_date: "2026-01-13", end_date: "2026-01-14" }) },
      { id: "b1", span: bookingSpan({ start_date: "2026-01-12", end_date: "2026-01-14", pickup_time: "10:00", return_time: "10:00" }) },
      { id: "b2", span: bookingSpan({ start_date: "2026-01-16", end_date: "2026-01-18", pickup_time: "10:00", return_time: "10:00" }) },
      { id: "b3", span: bookingSpan({ start_date: "2026-01-14", end_date: "2026-01-17", pickup_time: "12:00", return_time: "10:00" }) },
    ];
    const { lane, lanes } = assignLanes(items, (i) => i.span, "2026-01-12");
    const of = (id: string) => lane.get(items.find((i) => i.id === id)!);
    expect(of("b1")).toBe(0);
    expect(of("block")).toBe(1); // over b1
    expect(of("b3")).toBe(0); // b1 has ended by then
    expect(of("b2")).toBe(1); // b3 is still out; the block has ended
    expect(lanes).toBe(2);
    expect(assignLanes([], (i: { span: Span }) => i.span, "2026-01-12").lanes).toBe(1);
  });
});

describe("rows and covered bookings", () => {
  it("groups by car in the cars' order, leaving cancelled and expired bookings out unless asked", () => {
    const cars = [{ id: 2 }, { id: 1 }];
    const bookings = [
      booking({ id: "late", start_date: "2026-01-20", end_date: "2026-01-21" }),
      booking({ id: "early", start_date: "2026-01-12", end_date: "2026-01-13" }),
      booking({ id: "gone", status: "expired", start_date: "2026-01-15", end_date: "2026-01-16" }),
      booking({ id: "cancel", status: "cancelled", car_id: 2, start_date: "2026-01-15", end_date: "2026-01-16" }),
      booking({ id: "orphan", car_id: null, start_date: "2026-01-15", end_date: "2026-01-16" }),
      booking({ id: "deleted-car", car_id: 9, start_date: "2026-01-15", end_date: "2026-01-16" }),
    ];
    const blocks = [{ id: 7, car_id: 2, start_date: "2026-01-14" }];
    const rows = groupByCar(cars, bookings, blocks, false);
    expect(rows.map((r) => [r.car.id, r.bookings.map((b) => b.id), r.blocks.map((k) => k.id)])).toEqual([
      [2, [], [7]],
      [1, ["early", "late"], []],
    ]);
    const all = groupByCar(cars, bookings, blocks, true);
    expect(all.map((r) => r.bookings.map((b) => b.id))).toEqual([["cancel"], ["early", "gone", "late"]]);
  });
  it("warns of the holding bookings a block would cover, to the hour", () => {
    // Each booking, and whether a block over the 14th to the 16th covers it.
    const cases: [Parameters<typeof booking>[0], boolean][] = [
      [{ id: "ends-that-morning", start_date: "2026-01-10", end_date: "2026-01-14", return_time: "09:00" }, true],
      [{ id: "ends-the-day-before", start_date: "2026-01-10", end_date: "2026-01-13", return_time: "23:00" }, false],
      [{ id: "starts-last-evening", start_date: "2026-01-16", end_date: "2026-01-18", pickup_time: "20:00" }, true],
      [{ id: "starts-after", start_date: "2026-01-17", end_date: "2026-01-18", pickup_time: "00:00" }, false],
      [{ id: "cancelled", status: "cancelled", start_date: "2026-01-14", end_date: "2026-01-15" }, false],
      [{ id: "expired", status: "expired", start_date: "2026-01-14", end_date: "2026-01-15" }, false],
    ];
    const covered = coveredBookings(blockSpan({ start_date: "2026-01-14", end_date: "2026-01-16" }), cases.map(([b]) => booking(b)));
    expect(covered.map((b) => b.id)).toEqual(cases.filter(([, covers]) => covers).map(([b]) => b.id));
  });
});

describe("the maintenance form", () => {
  const ok = { car_id: "3", start_date: "2026-01-14", end_date: "2026-01-14", reason: "  Vidange " };
  it("accepts one day and trims the reason", () => {
    expect(validateBlock(ok)).toEqual({ errors: {}, block: { car_id: 3, start_date: "2026-01-14", end_date: "2026-01-14", reason: "Vidange" } });
  });
  it("requires a car, both days in order and a reason", () => {
    const r = validateBlock({ car_id: "", start_date: "", end_date: "2026-02-30", reason: "   " });
    expect(r.block).toBeNull();
    expect(r.errors).toEqual({
      car_id: "Choisissez un véhicule",
      start_date: "La date de début est requise",
      end_date: "La date de fin est requise",
      reason: "Le motif est requis",
    });
    expect(validateBlock({ ...ok, end_date: "2026-01-13" }).errors).toEqual({ end_date: "La date de fin doit être le jour du début ou après" });
  });
  it("checks for covered bookings only once the car and the days make a range", () => {
    expect(blockRange(ok)).toEqual({ carId: 3, from: "2026-01-14", to: "2026-01-14" });
    expect(blockRange({ ...ok, car_id: "" })).toBeNull();
    expect(blockRange({ ...ok, end_date: "2026-01-10" })).toBeNull();
    expect(blockRange({ ...ok, start_date: "2026-01" })).toBeNull();
  });
});
