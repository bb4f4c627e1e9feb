import { check, db as supabase } from "../admin-kit";

// Travellers' reviews (public.car_reviews, docs/reviews.md): the agency approves
// or rejects them; only approved ones are public and count in a car's figures,
// which the database keeps (cars.traveller_rating, traveller_review_count).

export type ReviewStatus = "pending" | "approved" | "rejected";

export interface AdminReview {
  id: string;
  stars: number;
  comment: string | null;
  language: string;
  status: ReviewStatus;
  created_at: string;
  decided_at: string | null;
  car: { id: number; name: string; brand: string; traveller_rating: number | null; traveller_review_count: number } | null;
  booking: { reference: string; customer_name: string; customer_email: string } | null;
}

const SELECT =
  "id, stars, comment, language, status, created_at, decided_at, car:cars(id, name, brand, traveller_rating, traveller_review_count), " +
  "booking:bookings(reference, customer_name, customer_email)";

/** The latest reviews, those waiting for a decision first. */
export async function listReviews(): Promise<AdminReview[]> {
  const rows = check(await supabase.from("car_reviews").select(SELECT).order("created_at", { ascending: false }).limit(300)) as unknown as AdminReview[];
  return [...rows].sort((a, b) => Number(b.status === "pending") - Number(a.status === "pending"));
}

/** Sets a review's status (the one column an administrator may write); the row must come back. */
export async function moderateReview(id: string, status: ReviewStatus): Promise<void> {
  const rows = check(await supabase.from("car_reviews").update({ status }).eq("id", id).select("id"));
  if (rows.length !== 1) throw new Error("review not updated");
}
