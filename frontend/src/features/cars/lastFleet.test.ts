import { beforeEach, describe, expect, it } from "vitest";
import { forgetFleetInMemory, lastFleet, rememberFleet } from "./lastFleet";
import { SAMPLE_FLEET } from "./sampleFleet";

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe("the fleet last read", () => {
  beforeEach(forgetFleetInMemory);

  it("is nothing before any read: no car, no price is made up", () => {
    expect(lastFleet(memoryStore())).toBeNull();
    expect(lastFleet(null)).toBeNull();
  });

  it("is what the server last gave, with its prices, on this page and on the next visit", () => {
    const store = memoryStore();
    const read = SAMPLE_FLEET.slice(0, 3).map((c) => ({ ...c, price: c.price + 7 }));
    rememberFleet(read, store);
    expect(lastFleet(store)).toEqual(read);
    forgetFleetInMemory(); // a new visit: only the stored copy is left
    expect(lastFleet(store)).toEqual(read);
  });

  it("ignores an empty read and a stored copy that is not a fleet", () => {
    const store = memoryStore();
    rememberFleet([], store);
    expect(lastFleet(store)).toBeNull();
    store.setItem("casarent.fleet.lastRead", '[{"id":"x"}]');
    expect(lastFleet(store)).toBeNull();
    store.setItem("casarent.fleet.lastRead", "{not json");
    expect(lastFleet(store)).toBeNull();
  });
});
