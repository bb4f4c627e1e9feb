import { useCallback, useState } from "react";

/**
 * A random uuid v4: crypto.randomUUID where the page is a secure context, else
 * built from crypto.getRandomValues (the back office may be opened over plain
 * http on a local network, where randomUUID is missing).
 */
export function newRefundKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The idempotency key of one refund dialog: drawn once when the form mounts (the
 * dialog opens), so a double click or a request sent again refunds once.
 * renew() draws another after PayPal refused for good (a new attempt is a new refund).
 */
export function useRefundKey(): [string, () => void] {
  const [key, setKey] = useState(newRefundKey);
  const renew = useCallback(() => setKey(newRefundKey()), []);
  return [key, renew];
}
