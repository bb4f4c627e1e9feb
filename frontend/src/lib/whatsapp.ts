import { SITE } from "../config/site";

/** https://wa.me/<digits>?text=<url-encoded text> */
export function whatsappUrl(text: string, phoneDigits: string = SITE.phoneDigits): string {
  return `https://wa.me/${phoneDigits}?text=${encodeURIComponent(text)}`;
}

/**
 * Opens the chat in a new tab; falls back to this tab when pop-ups are blocked.
 * (Not the "noopener" feature: with it window.open always returns null, so a
 * blocked pop-up could not be told apart. The opener is cut by hand instead.)
 */
export function openWhatsapp(text: string): void {
  const url = whatsappUrl(text);
  const w = window.open(url, "_blank");
  if (w) w.opener = null;
  else window.location.assign(url);
}
