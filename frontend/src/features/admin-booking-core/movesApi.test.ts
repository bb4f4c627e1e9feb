import { describe, expect, it } from "vitest";
import { statusChoices, type BookingMoves } from "./movesApi";

const moves: BookingMoves = new Map([
  ["pending", ["confirmed", "cancelled", "expired"]],
  ["completed", ["in_progress"]],
]);

describe("the statuses offered for a booking", () => {
  it("are its own and the moves the database allows, in the usual order", () => {
    expect(statusChoices("pending", moves)).toEqual(["pending", "confirmed", "cancelled", "expired"]);
    expect(statusChoices("completed", moves)).toEqual(["in_progress", "completed"]);
  });
  it("are its own alone when nothing follows, and all while the moves are loading", () => {
    expect(statusChoices("cancelled", moves)).toEqual(["cancelled"]);
    expect(statusChoices("cancelled", undefined)).toHaveLength(6);
  });
});
