import { callResult, errorDetails, PG_CODES, type Call, type DbError, type Result as DbResult } from "../../lib/db";
import type { ReviewInvitationJson as Invitation } from "../../lib/database";

// The shape of the page's functions' answer is the client's Database type's
// (lib/database.ts), so each call below is typed by the function it names.
export type { Invitation };

/** What went wrong, as the page words it (review.errors.*). */
export type Failure = "link" | "stars" | "comment" | "already" | "notCompleted" | "limited" | "other";

/** The database's refusal (PostgREST's {code, message, details, hint}) as the page words it. */
export function failure(error: DbError): Failure {
  const details = errorDetails(error.details);
  switch (error.code) {
    case "RV001":
      return "link";
    case "RV002":
      return details.field === "comment" ? "comment" : "stars";
    case "RV003":
      return "already";
    case "RV004":
      return "notCompleted";
    case PG_CODES.tooManyWrites:
      return "limited";
  }
  return "other";
}

export type Result<T> = DbResult<T, Failure>;

/** Runs one call of the page; a call that throws is "other". */
const rpc = <T>(call: Call<T>): Promise<Result<T>> => callResult(call, failure, "other");

export function readInvitation(token: string): Promise<Result<Invitation>> {
  return rpc((c) => c.rpc("review_invitation", { p_token: token }));
}

/**
 * The stars are sent as chosen, none as null: the database alone says what it
 * accepts (RV002). The generated argument type has no null for an integer.
 */
export function submitReview(token: string, stars: number | null, comment: string): Promise<Result<Invitation>> {
  return rpc((c) => c.rpc("submit_review", { p_token: token, p_stars: stars as number, p_comment: comment }));
}

/** The token of an e-mailed link, from the fragment (never sent to a server); the database judges it. */
export function tokenOf(hash: string): string | null {
  const m = /(?:^#|&)token=([^&]{1,200})/.exec(hash);
  return m ? decodeURIComponent(m[1]!) : null;
}
