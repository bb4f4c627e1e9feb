import type { Car, FleetCar } from "./types";

// Sample cars for the tests of the fleet's rules (filters, the fleet last read).
// The site never shows them: when the server cannot be read it shows the fleet it
// last read (lastFleet.ts), since a list of its own would invent prices. The
// images ship with the site under /fleet/.

type Sample = Pick<Car, "id" | "slug" | "name" | "brand" | "category" | "price" | "seats" | "transmission" | "fuel" | "rating" | "review_count"> &
  Partial<Car>;

const SAMPLES: Sample[] = [
  { id: 1, slug: "dacia-logan", name: "Logan", brand: "Dacia", category: "Économique", price: 250, seats: 5, transmission: "manual", fuel: "diesel", rating: 4.5, review_count: 128 },
  { id: 2, slug: "renault-clio-5", name: "Clio 5", brand: "Renault", category: "Économique", price: 300, seats: 5, transmission: "manual", fuel: "gasoline", rating: 4.6, review_count: 214, gps_included: true },
  { id: 3, slug: "peugeot-208", name: "208", brand: "Peugeot", category: "Compact", price: 350, seats: 5, transmission: "automatic", fuel: "gasoline", rating: 4.7, review_count: 176, gps_included: true },
  { id: 4, slug: "citroen-c3", name: "C3", brand: "Citroën", category: "Compact", price: 320, seats: 5, transmission: "manual", fuel: "diesel", rating: 4.4, review_count: 92 },
  { id: 5, slug: "volkswagen-golf-8", name: "Golf 8", brand: "Volkswagen", category: "Compact", price: 450, seats: 5, transmission: "automatic", fuel: "hybrid", rating: 4.8, review_count: 143, gps_included: true, roadside_assistance_included: true },
  { id: 6, slug: "peugeot-3008", name: "3008", brand: "Peugeot", category: "SUV", price: 650, seats: 5, transmission: "automatic", fuel: "diesel", rating: 4.8, review_count: 201, gps_included: true, baby_seat_included: true },
  { id: 7, slug: "bmw-serie-3", name: "Série 3", brand: "BMW", category: "Berline", price: 900, seats: 5, transmission: "automatic", fuel: "diesel", rating: 4.9, review_count: 88, gps_included: true, second_driver_included: true, roadside_assistance_included: true },
  { id: 8, slug: "mercedes-classe-c", name: "Classe C", brand: "Mercedes", category: "Premium", price: 1100, seats: 5, transmission: "automatic", fuel: "hybrid", rating: 4.9, review_count: 67, gps_included: true, baby_seat_included: true, second_driver_included: true, roadside_assistance_included: true },
  { id: 9, slug: "audi-q5", name: "Q5", brand: "Audi", category: "Premium", price: 1300, seats: 5, transmission: "automatic", fuel: "electric", rating: 4.8, review_count: 54, gps_included: true, roadside_assistance_included: true },
  { id: 10, slug: "renault-trafic", name: "Trafic", brand: "Renault", category: "Utilitaire", price: 800, seats: 9, transmission: "manual", fuel: "diesel", rating: 4.5, review_count: 39, second_driver_included: true },
];

const DESCRIPTIONS: Record<string, string> = {
  Économique: "Économique et fiable, idéale pour la ville et les trajets quotidiens.",
  Compact: "Compacte, confortable et bien équipée pour la ville comme pour la route.",
  SUV: "SUV spacieux et polyvalent, parfait pour les familles et les longs trajets.",
  Berline: "Berline élégante au confort routier remarquable.",
  Premium: "Le haut de gamme : confort, technologie et prestige.",
  Utilitaire: "Grand volume et 9 places pour les groupes et les déménagements.",
};

// Every sample car is available with no date, so each carries bookable: true.
export const SAMPLE_FLEET: readonly FleetCar[] = SAMPLES.map((s) => ({
  image: `/fleet/${s.slug}.svg`,
  available: true,
  description: DESCRIPTIONS[s.category] ?? null,
  gps_included: false,
  baby_seat_included: false,
  second_driver_included: false,
  roadside_assistance_included: false,
  not_available_until: null,
  translations: {},
  rating_source: null,
  traveller_rating: null,
  traveller_review_count: 0,
  bookable: true,
  ...s,
}));
