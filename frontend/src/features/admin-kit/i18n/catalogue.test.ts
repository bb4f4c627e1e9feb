import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUES, tAdmin } from ".";

// The back office reads its texts from the "admin" namespace (i18n/fr/*.json).
// A key that does not exist would show as its name on screen: every literal
// key the code passes to t()/tAdmin() must be in the catalogue.

/** The back office's source files: every features/admin-* folder. */
function backOfficeFiles(): string[] {
  const features = join(__dirname, "..", "..");
  return readdirSync(features)
    .filter((name) => name.startsWith("admin-"))
    .flatMap((name) => sourceFiles(join(features, name)));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [p] : [];
  });
}

function leaves(node: unknown, prefix = ""): string[] {
  if (node && typeof node === "object") return Object.entries(node).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

const PLURAL_OR_CONTEXT = /_(one|other|car)$/;

describe("the admin catalogue", () => {
  const known = new Set(leaves(CATALOGUES.fr).flatMap((k) => [k, k.replace(PLURAL_OR_CONTEXT, "")]));

  it("has every literal key the back office uses", () => {
    const used = new Set<string>();
    for (const file of backOfficeFiles()) {
      const src = readFileSync(file, "utf8");
      for (const m of src.matchAll(/\b(?:t|tAdmin)\(\s*"([a-zA-Z0-9_.]+)"/g)) used.add(m[1]!);
      // Keys kept in tables ("admins.confirmRevoke") and passed to t() later.
      for (const m of src.matchAll(/"((?:admins|bookings|planning|login|mfa)\.[a-zA-Z0-9_.]+)"/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(300);
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });

  it("keeps every plain text in one file of at most 300 lines", () => {
    for (const name of readdirSync(join(__dirname, "fr"))) {
      expect(readFileSync(join(__dirname, "fr", name), "utf8").split("\n").length, name).toBeLessThanOrEqual(300);
    }
  });

  it("says counts in French: 0 and 1 singular, more plural", () => {
    expect(tAdmin("bookings.count", { count: 0 })).toBe("0 réservation");
    expect(tAdmin("bookings.count", { count: 1 })).toBe("1 réservation");
    expect(tAdmin("bookings.count", { count: 2 })).toBe("2 réservations");
    expect(tAdmin("dashboard.alertNewMessages", { count: 3 })).toBe("3 nouveaux messages");
    expect(tAdmin("upload.progress", { done: 1, count: 1 })).toBe("1/1 image");
    expect(tAdmin("upload.progress", { done: 1, count: 4 })).toBe("1/4 images");
    expect(tAdmin("planning.form.covers", { count: 2 })).toBe(
      "Attention : cette période couvre 2 réservations de ce véhicule. Elles ne seront pas annulées : prévenez les clients ou proposez un autre véhicule.",
    );
  });

  it("adds the optional part only when there is one (context)", () => {
    expect(tAdmin("dashboard.activityBooking", { name: "Amine", car: "", context: undefined })).toBe("Réservation de Amine");
    expect(tAdmin("dashboard.activityBooking", { name: "Amine", car: "Clio", context: "car" })).toBe("Réservation de Amine — Clio");
    expect(tAdmin("dashboard.activityClick", { car: "Clio", context: "car" })).toBe("Clic WhatsApp sur Clio");
  });

  it("does not escape what it inserts (React does)", () => {
    expect(tAdmin("cars.confirmDelete", { name: "A & <B>" })).toBe("Êtes-vous sûr de vouloir supprimer « A & <B> » ? Cette action est irréversible.");
  });
});
