import type { FleetCar } from "./types";

// The fleet as the server last gave it, for when it cannot be read: SPEC section 8
// falls back to a local list, and a local list must not invent prices, so it is
// the last one read (this page's, or this browser's last visit), never a made-up
// one. None read yet: no car is shown, and the visitor is told why.

const KEY = "casarent.fleet.lastRead";

type Store = Pick<Storage, "getItem" | "setItem">;

let inMemory: FleetCar[] | null = null;

function browserStore(): Store | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage refused (privacy settings): this page's memory only
  }
}

/** Keeps cars as the fleet last read from the server. */
export function rememberFleet(cars: readonly FleetCar[], store: Store | null = browserStore()): void {
  if (cars.length === 0) return;
  inMemory = [...cars];
  try {
    store?.setItem(KEY, JSON.stringify(cars));
  } catch {
    // full or refused: the memory copy still serves this page
  }
}

const looksLikeCar = (c: unknown): c is FleetCar =>
  typeof c === "object" && c !== null && typeof (c as FleetCar).id === "number" &&
  typeof (c as FleetCar).slug === "string" && typeof (c as FleetCar).price === "number";

/** The fleet last read from the server, or null when this browser never read one. */
export function lastFleet(store: Store | null = browserStore()): FleetCar[] | null {
  if (inMemory) return [...inMemory];
  try {
    const parsed: unknown = JSON.parse(store?.getItem(KEY) ?? "null");
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every(looksLikeCar)) return parsed;
  } catch {
    // a copy that is not ours any more: as if none
  }
  return null;
}

/** Test hook: forgets this page's copy (the stored one is the store's). */
export function forgetFleetInMemory(): void {
  inMemory = null;
}
