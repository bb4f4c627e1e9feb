import { addDays, daysBetween, type CalendarDay, type DayState } from "../search";

// Layout and keyboard of the car page's availability calendar: the days of
// car_calendar laid out month by month in Monday-first weeks, and where the
// focus goes for each key (APG date grid). The states are the database's.

export interface CalendarCell {
  day: string;
  state: DayState;
  /** Position in the answer's list of days (the roving focus moves over it). */
  index: number;
}

export interface MonthGrid {
  year: number;
  /** 0-11 */
  month: number;
  /** Weeks of 7 cells, Monday first; null where a day is outside the month or the answer. */
  weeks: (CalendarCell | null)[][];
}

/** 0 for Monday … 6 for Sunday. */
export function mondayIndex(iso: string): number {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The answer's days, month by month. */
export function monthGrids(days: readonly CalendarDay[]): MonthGrid[] {
  const months: MonthGrid[] = [];
  days.forEach((d, index) => {
    const year = Number(d.day.slice(0, 4));
    const month = Number(d.day.slice(5, 7)) - 1;
    let grid = months[months.length - 1];
    if (!grid || grid.year !== year || grid.month !== month) {
      grid = { year, month, weeks: [] };
      months.push(grid);
    }
    const col = mondayIndex(d.day);
    let week = grid.weeks[grid.weeks.length - 1];
    if (!week || col === 0) {
      week = Array<CalendarCell | null>(7).fill(null);
      grid.weeks.push(week);
    }
    week[col] = { day: d.day, state: d.state, index };
  });
  return months;
}

export type CalendarKey = "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Home" | "End" | "PageUp" | "PageDown";

function addMonthsClamped(iso: string, n: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

/** Where each key takes the focus from a day (a week is Monday to Sunday; right-to-left, the arrows are mirrored). */
const MOVES: Record<CalendarKey, (day: string, rtl: boolean) => string> = {
  ArrowRight: (day, rtl) => addDays(day, rtl ? -1 : 1),
  ArrowLeft: (day, rtl) => addDays(day, rtl ? 1 : -1),
  ArrowUp: (day) => addDays(day, -7),
  ArrowDown: (day) => addDays(day, 7),
  Home: (day) => addDays(day, -mondayIndex(day)),
  End: (day) => addDays(day, 6 - mondayIndex(day)),
  PageUp: (day) => addMonthsClamped(day, -1),
  PageDown: (day) => addMonthsClamped(day, 1),
};

/**
 * The index the focus moves to from `index` for a key, kept inside the answer's
 * days; null for a key the calendar does not handle. Right-to-left, the grid is
 * mirrored, so the left arrow goes forward.
 */
export function moveFocus(days: readonly { day: string }[], index: number, key: string, rtl: boolean): number | null {
  const current = days[index]?.day;
  if (!current || days.length === 0) return null;
  const move = Object.hasOwn(MOVES, key) ? MOVES[key as CalendarKey] : null;
  if (!move) return null;
  const target = move(current, rtl);
  const at = daysBetween(days[0]!.day, target);
  return Math.min(days.length - 1, Math.max(0, at));
}
