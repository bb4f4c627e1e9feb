import { describe, expect, it } from "vitest";
import { type CalendarDay, addDays } from "../search";
import { mondayIndex, monthGrids, moveFocus } from "./calendar";

// 60 days from Thursday 2030-01-31, as car_calendar answers them.
const days: CalendarDay[] = Array.from({ length: 60 }, (_, i) => ({ day: addDays("2030-01-31", i), state: i === 2 ? "partial" : i > 2 && i < 6 ? "taken" : "free" }));

describe("monthGrids", () => {
  const months = monthGrids(days);
  it("splits the days by month", () => {
    expect(months.map((m) => [m.year, m.month])).toEqual([
      [2030, 0],
      [2030, 1],
      [2030, 2],
    ]);
  });
  it("lays them out in Monday-first weeks", () => {
    // January: only the 31st, a Thursday (4th column).
    expect(months[0]!.weeks).toHaveLength(1);
    expect(months[0]!.weeks[0]!.map((c) => c?.day ?? null)).toEqual([null, null, null, "2030-01-31", null, null, null]);
    // 1 February 2030 is a Friday; 28 days over 5 rows.
    const feb = months[1]!.weeks;
    expect(feb[0]!.map((c) => c?.day.slice(8) ?? null)).toEqual([null, null, null, null, "01", "02", "03"]);
    expect(feb).toHaveLength(5);
    expect(feb.flat().filter(Boolean)).toHaveLength(28);
  });
  it("keeps each day's state and its place in the answer", () => {
    const cells = months.flatMap((m) => m.weeks.flat()).filter((c) => c !== null);
    expect(cells.map((c) => c.index)).toEqual(days.map((_, i) => i));
    expect(cells[2]).toEqual({ day: "2030-02-02", state: "partial", index: 2 });
    expect(cells[3]!.state).toBe("taken");
  });
  it("knows the weekday", () => {
    expect(mondayIndex("2030-02-04")).toBe(0); // a Monday
    expect(mondayIndex("2030-02-03")).toBe(6); // a Sunday
  });
});

describe("moveFocus: keys of a date grid", () => {
  it("moves by a day, left to right, and mirrored right to left", () => {
    expect(moveFocus(days, 10, "ArrowRight", false)).toBe(11);
    expect(moveFocus(days, 10, "ArrowLeft", false)).toBe(9);
    expect(moveFocus(days, 10, "ArrowRight", true)).toBe(9);
    expect(moveFocus(days, 10, "ArrowLeft", true)).toBe(11);
  });
  it("moves by a week up and down, across months", () => {
    expect(moveFocus(days, 0, "ArrowDown", false)).toBe(7); // 31 Jan -> 7 Feb
    expect(moveFocus(days, 10, "ArrowUp", false)).toBe(3);
  });
  it("goes to the start and the end of the week", () => {
    // index 4 = Monday 4 February.
    expect(moveFocus(days, 6, "Home", false)).toBe(4);
    expect(moveFocus(days, 6, "End", false)).toBe(10);
  });
  it("goes a month on with Page Down", () => {
    expect(days[moveFocus(days, 1, "PageDown", false)!]!.day).toBe("2030-03-01");
  });
  it("stays inside the answer's days", () => {
    expect(moveFocus(days, 0, "ArrowLeft", false)).toBe(0);
    expect(moveFocus(days, 0, "Home", false)).toBe(0);
    expect(moveFocus(days, 59, "ArrowDown", false)).toBe(59);
  });
  it("ignores other keys", () => {
    expect(moveFocus(days, 3, "Enter", false)).toBeNull();
  });
});
