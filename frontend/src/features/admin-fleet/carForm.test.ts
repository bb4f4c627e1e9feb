import { describe, expect, it } from "vitest";
import {
  EMPTY_CAR_FORM,
  galleryRows,
  moveItem,
  toCarRow,
  validateCarForm,
  type CarFormValues,
} from "./carForm";
import type { AdminCar } from "./types";
import { validateImageFile } from "../admin-kit";

const valid: CarFormValues = {
  ...EMPTY_CAR_FORM,
  name: "Clio 5",
  brand: "Renault",
  price: "300",
  image: "https://example.test/clio.jpg",
  rating: "4.6",
};

describe("car form validation (SPEC 5)", () => {
  it("accepts a complete form", () => {
    expect(validateCarForm(valid)).toEqual({});
  });
  it("requires name, brand, price, image url and rating", () => {
    const e = validateCarForm({ ...valid, name: " ", brand: "", price: "", image: "", rating: "" });
    expect(Object.keys(e).sort()).toEqual(["brand", "image", "name", "price", "rating"]);
  });
  it.each(["0.9", "5.1", "abc", "-3"])("refuses the rating %s", (rating) => {
    expect(validateCarForm({ ...valid, rating }).rating).toBe("La note doit être comprise entre 1 et 5");
  });
  it.each(["1", "5", "3.7"])("accepts the rating %s", (rating) => {
    expect(validateCarForm({ ...valid, rating }).rating).toBeUndefined();
  });
  it("needs a review count of at least 0", () => {
    expect(validateCarForm({ ...valid, review_count: "-1" }).review_count).toBeDefined();
    expect(validateCarForm({ ...valid, review_count: "0" }).review_count).toBeUndefined();
  });
  it("refuses a price that is not a positive integer", () => {
    expect(validateCarForm({ ...valid, price: "abc" }).price).toBeDefined();
    expect(validateCarForm({ ...valid, price: "0" }).price).toBeDefined();
  });
  it("refuses seats outside 2, 4, 5, 7, 9 and unknown categories", () => {
    expect(validateCarForm({ ...valid, seats: "3" }).seats).toBeDefined();
    expect(validateCarForm({ ...valid, category: "Luxe" }).category).toBeDefined();
  });
});

describe("car row", () => {
  it("parses the price as an integer", () => {
    expect(toCarRow({ ...valid, price: "450.9" }).price).toBe(450);
  });
  it("saves an empty unavailability date as null, a set one as is", () => {
    expect(toCarRow({ ...valid, not_available_until: "" }).not_available_until).toBeNull();
    expect(toCarRow({ ...valid, not_available_until: "2030-01-31" }).not_available_until).toBe("2030-01-31");
  });
  it("lets the database derive an empty slug", () => {
    expect(toCarRow({ ...valid, slug: "  " }).slug).toBeNull();
  });
  it("keeps the declared rating's source, blank as none", () => {
    expect(toCarRow({ ...valid, rating_source: " Google " }).rating_source).toBe("Google");
    expect(toCarRow({ ...valid, rating_source: "  " }).rating_source).toBeNull();
  });
  it("keeps one decimal of rating and trims text", () => {
    const row = toCarRow({ ...valid, rating: "4.66", name: " Clio 5 ", description: "  " });
    expect(row.rating).toBe(4.7);
    expect(row.name).toBe("Clio 5");
    expect(row.description).toBeNull();
  });
});

describe("car image upload (SPEC 5: images only, up to 10MB)", () => {
  it("refuses non-images", () => {
    expect(validateImageFile({ type: "application/pdf", size: 10 })).toBe("Seules les images sont acceptées");
  });
  it("refuses more than 10 MB", () => {
    expect(validateImageFile({ type: "image/png", size: 10 * 1024 * 1024 + 1 })).toBe("L'image dépasse 10 Mo");
    expect(validateImageFile({ type: "image/png", size: 10 * 1024 * 1024 })).toBeNull();
  });
});

describe("gallery order", () => {
  it("moves an item and clamps", () => {
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 9)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b"], 5, 0)).toEqual(["a", "b"]);
  });
  it("numbers display_order by position and drops empty urls", () => {
    expect(
      galleryRows(7, [
        { key: "1", image_url: "u1", alt_text: "" },
        { key: "2", image_url: " ", alt_text: "x" },
        { key: "3", image_url: "u3", alt_text: "vue" },
      ]),
    ).toEqual([
      { car_id: 7, image_url: "u1", alt_text: null, display_order: 0 },
      { car_id: 7, image_url: "u3", alt_text: "vue", display_order: 1 },
    ]);
  });
});

describe("description translations", () => {
  it("writes the non-blank ones and reads them back", async () => {
    const { EMPTY_CAR_FORM, toCarRow, carToForm, carTranslationState } = await import("./carForm");
    const values = { ...EMPTY_CAR_FORM, name: "Clio", brand: "Renault", price: "300", image: "/a.jpg", description_en: " City car ", description_ar: "  " };
    const row = toCarRow(values);
    expect(row.translations).toEqual({ en: { description: "City car" } });
    const back = carToForm({ ...row, id: 1 } as Parameters<typeof carToForm>[0]);
    expect([back.description_en, back.description_ar]).toEqual(["City car", ""]);
    expect([carTranslationState(back, "en"), carTranslationState(back, "ar")]).toEqual(["complete", "missing"]);
  });
});

describe("a row read back (schema-derived types)", () => {
  it("narrows transmission and fuel to the form's choices and reads odd translations as none", async () => {
    const { carToForm } = await import("./carForm");
    const row: AdminCar = {
      ...{ id: 1, slug: "clio", name: "Clio", brand: "Renault", category: "Compact", price: 300, image: "/a.jpg", seats: 5, rating: 4.5, review_count: 0 },
      ...{ available: true, description: null, gps_included: false, baby_seat_included: false, second_driver_included: false, roadside_assistance_included: false },
      ...{ not_available_until: null, created_at: "", updated_at: "", transmission: "manual", fuel: "diesel", translations: {} },
      ...{ rating_source: "Google", traveller_rating: null, traveller_review_count: 0 },
    };
    const odd = carToForm({ ...row, transmission: "cvt", fuel: "steam", translations: { en: "City car", ar: [] } });
    expect([odd.transmission, odd.fuel, odd.description_en, odd.description_ar]).toEqual(["manual", "gasoline", "", ""]);
    const kept = carToForm({ ...row, transmission: "automatic", fuel: "electric", translations: { ar: { description: "سيارة" } } });
    expect([kept.transmission, kept.fuel, kept.description_ar]).toEqual(["automatic", "electric", "سيارة"]);
  });
});
