import { useEffect, useState } from "react";
import { loadCar, type FleetCar } from "../cars";
import { fetchQuote, loadPriceList } from "./api";
import type { PriceList, Quote } from "./price";
import type { BookingRequest } from "./types";

/** The wizard's car: undefined while loading, null when there is none. */
export function useBookingCar(slug: string | undefined): { car: FleetCar | null | undefined; fromFallback: boolean } {
  const [state, setState] = useState<{ car: FleetCar | null | undefined; fromFallback: boolean }>({ car: undefined, fromFallback: false });
  useEffect(() => {
    let live = true;
    void loadCar(slug).then((r) => live && setState({ car: r.car, fromFallback: r.fromFallback }));
    return () => {
      live = false;
    };
  }, [slug]);
  return state;
}

/** The option prices of public.booking_options and public.payment_options (null while loading). */
export function usePriceList(): PriceList | null {
  const [list, setList] = useState<PriceList | null>(null);
  useEffect(() => {
    let live = true;
    void loadPriceList().then((l) => live && setList(l));
    return () => {
      live = false;
    };
  }, []);
  return list;
}

export type QuoteState =
  | { status: "none" }
  /** `previous`: the last figures, for other options, shown dimmed meanwhile. */
  | { status: "loading"; previous: Quote | null }
  | { status: "failed" }
  | { status: "ready"; quote: Quote };

/**
 * The database's price for the request (rpc quote_booking), asked 250 ms after
 * the priced fields stop changing; nothing is computed here. `request` null
 * (no car, dates missing or wrong, local fallback car) asks nothing.
 */
export function useServerQuote(request: BookingRequest | null): QuoteState {
  const key = request
    ? JSON.stringify([request.car_id, request.start_date, request.end_date, request.insurance_type, request.extras, request.payment_option])
    : null;
  const [answer, setAnswer] = useState<{ key: string; quote: Quote | null } | null>(null);

  useEffect(() => {
    if (!key || !request) return;
    let live = true;
    const timer = window.setTimeout(() => {
      void fetchQuote(request).then((quote) => live && setAnswer({ key, quote }));
    }, 250);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // Only the priced fields (key) matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (!key) return { status: "none" };
  if (!answer || answer.key !== key) return { status: "loading", previous: answer?.quote ?? null };
  return answer.quote ? { status: "ready", quote: answer.quote } : { status: "failed" };
}
