import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { carQuery, type FleetCar } from "../cars";
import { fetchQuote, loadPriceList, type PricedFields } from "./api";
import type { PriceList, Quote } from "./price";
import type { BookingRequest } from "./types";

/** The wizard's car: undefined while loading, null when there is none. */
export function useBookingCar(slug: string | undefined): { car: FleetCar | null | undefined; fromFallback: boolean } {
  const { data } = useQuery(carQuery(slug));
  return data ? { car: data.car, fromFallback: data.fromFallback } : { car: undefined, fromFallback: false };
}

const priceListQuery = queryOptions({ queryKey: ["booking", "priceList"], queryFn: loadPriceList });

/** The option prices of public.booking_options and public.payment_options (null while loading). */
export function usePriceList(): PriceList | null {
  return useQuery(priceListQuery).data ?? null;
}

export type QuoteState =
  | { status: "none" }
  /** `previous`: the last figures, for other options, shown dimmed meanwhile. */
  | { status: "loading"; previous: Quote | null }
  | { status: "failed" }
  | { status: "ready"; quote: Quote };

/** value, once it has stayed the same (by its JSON) for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
    // Only a change of content restarts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return settled;
}

const quoteQuery = (fields: PricedFields | null) =>
  queryOptions({
    queryKey: ["booking", "quote", fields],
    queryFn: () => (fields ? fetchQuote(fields) : null),
    enabled: fields !== null,
    // The figures for the options before are shown (dimmed) until these come.
    placeholderData: keepPreviousData,
  });

/**
 * The database's price for the request (rpc quote_booking), asked 250 ms after
 * the priced fields stop changing; nothing is computed here. `request` null
 * (no car, dates missing or wrong, local fallback car) asks nothing.
 */
/** The extras the car includes, from the quote (or the last one while the next is asked). */
export function includedExtras(q: QuoteState): readonly string[] {
  const quote = q.status === "ready" ? q.quote : q.status === "loading" ? q.previous : null;
  return quote?.included ?? [];
}

export function useServerQuote(request: BookingRequest | null): QuoteState {
  const fields: PricedFields | null = request && {
    car_id: request.car_id,
    start_date: request.start_date,
    end_date: request.end_date,
    pickup_time: request.pickup_time,
    return_time: request.return_time,
    insurance_type: request.insurance_type,
    extras: request.extras,
    payment_option: request.payment_option,
  };
  const settled = useSettled(fields, 250);
  const q = useQuery(quoteQuery(settled));

  if (!fields) return { status: "none" };
  const current = JSON.stringify(fields) === JSON.stringify(settled) && !q.isPlaceholderData && !q.isFetching;
  if (!current || q.data === undefined) return { status: "loading", previous: q.data ?? null };
  return q.data ? { status: "ready", quote: q.data } : { status: "failed" };
}
