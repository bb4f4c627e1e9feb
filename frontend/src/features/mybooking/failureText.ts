import type { TFunction } from "i18next";
import type { Formatters } from "../../lib/useFormat";
import type { Failure } from "./api";

/** A form's state on the page. */
export type Status = { kind: "idle" | "busy" } | { kind: "done" } | { kind: "failed"; failure: Failure };

/** What went wrong, in the visitor's words. */
export function failureText(t: TFunction, f: Failure, fmt: Formatters): string {
  switch (f.kind) {
    case "late":
      return t("myBooking.late", { until: f.freeUntil ? fmt.moment(f.freeUntil) : "", cost: fmt.price(f.cost) });
    case "closed":
      return t("myBooking.closed");
    case "invalid":
      return f.field === "customer_phone" ? t("myBooking.invalidPhone") : t("myBooking.invalidDetail");
    case "taken":
      return t("myBooking.taken");
    case "limited":
      return t("myBooking.tooMany");
    case "link":
      return t("myBooking.linkInvalid");
    default:
      return t("myBooking.error");
  }
}
