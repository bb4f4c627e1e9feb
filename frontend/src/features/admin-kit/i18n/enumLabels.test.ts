import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasAdminText, tAdmin } from ".";

// Every value the database allows in a column the back office shows as a word
// (a status, a payment state, a kind of payment, a method...) has a French label
// in the admin catalogue: otherwise the screen would show the raw value or an
// English word. The values are read from the migrations' CHECK constraints (the
// last definition of each column wins, as when the migrations are applied), so a
// value added by a new migration fails here until it is translated.

// The platform's migrations and the rental's (its project folder), in version order.
const MIGRATIONS = [join(__dirname, "../../../../../migrations"), join(__dirname, "../../../../../rental/supabase/migrations")];

/** "table.column" → its allowed values, from the check constraints of create/alter table statements. */
function checkedValues(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const files = MIGRATIONS.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith(".sql"))
      .map((f) => ({ f, path: join(dir, f) })),
  ).sort((a, b) => a.f.localeCompare(b.f));
  for (const { path: file } of files) {
    const sql = readFileSync(file, "utf8").replace(/--[^\n]*/g, "");
    for (const statement of sql.split(";")) {
      const table = /^\s*(?:create|alter)\s+table\s+(?:if\s+not\s+exists\s+)?(?:only\s+)?(?:public\.)?(\w+)/i.exec(statement)?.[1];
      if (!table) continue;
      // As a migration writes it, `check (c in ('a', 'b'))`, or as pg_dump wrote the
      // baseline, `CHECK ((c = ANY (ARRAY['a'::text, 'b'::text])))`.
      for (const m of statement.matchAll(/check\s*\(\(?\s*(\w+)\s+(?:in\s*\(([^)]*)\)|=\s*any\s*\(array\[([^\]]*)\])/gi)) {
        const values = [...(m[2] ?? m[3]!).matchAll(/'([^']*)'/g)].map((v) => v[1]!);
        if (values.length > 0) found.set(`${table}.${m[1]!}`, values);
      }
    }
  }
  return found;
}

/** The columns shown as words, and where their labels are. */
const LABELLED: Record<string, string> = {
  "bookings.status": "bookings.statuses",
  "bookings.payment_status": "bookings.paymentStatuses",
  "bookings.payment_option": "bookings.paymentOptions",
  "bookings.insurance_type": "bookings.insurances",
  "payments.kind": "payments.kinds",
  "payments.status": "payments.statuses",
  "payments.method": "bookings.methods",
  "contacts.status": "messages.statuses",
  "cars.transmission": "cars.transmissions",
  "cars.fuel": "cars.fuels",
  "booking_change_requests.kind": "requests.kinds",
  "booking_change_requests.state": "requests.states",
};

/** Labels that are the same word in French (names of brands and products). */
const SAME_IN_FRENCH = new Set(["bookings.methods.paypal", "cars.fuels.diesel", "bookings.insurances.premium", "bookings.insurances.platinum"]);

/** A label that is only the value made readable ("in_progress" → "In Progress") was never translated. */
function isRawValue(value: string, label: string): boolean {
  const letters = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
  return letters(label) === letters(value);
}

describe("the database's values in the back office", () => {
  const values = checkedValues();

  it("reads the constraints of every labelled column", () => {
    for (const column of Object.keys(LABELLED)) expect(values.get(column), column).toBeDefined();
    expect(values.get("bookings.status")).toContain("expired");
    expect(values.get("bookings.payment_status")).toContain("partially_refunded");
  });

  it("has a French label for every value", () => {
    const missing: string[] = [];
    for (const [column, prefix] of Object.entries(LABELLED)) {
      for (const value of values.get(column) ?? []) {
        const key = `${prefix}.${value}`;
        if (!hasAdminText(key)) missing.push(`${column} = ${value}: no ${key}`);
        else if (!SAME_IN_FRENCH.has(key) && isRawValue(value, tAdmin(key))) missing.push(`${column} = ${value}: "${tAdmin(key)}" is not French`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("says the empty bookings list in French", () => {
    expect(tAdmin("bookings.empty")).toBe("Aucune réservation trouvée.");
  });
});
