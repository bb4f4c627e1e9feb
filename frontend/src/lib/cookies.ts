// Thin document.cookie helpers. parseCookieHeader is pure (unit-tested).

export const COOKIE_MAX_AGE_DAYS = 365;

export function parseCookieHeader(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

export function getCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  return parseCookieHeader(document.cookie)[name];
}

export function setCookie(name: string, value: string, days = COOKIE_MAX_AGE_DAYS): void {
  const maxAge = Math.round(days * 24 * 60 * 60);
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** Deletes a cookie on the current path, "/" and the parent domains we can address. */
export function deleteCookie(name: string): void {
  const expired = "Expires=Thu, 01 Jan 1970 00:00:00 GMT";
  document.cookie = `${name}=; ${expired}; Path=/`;
  const host = location.hostname;
  const parts = host.split(".");
  for (let i = 0; i < parts.length - 1; i++) {
    const domain = parts.slice(i).join(".");
    document.cookie = `${name}=; ${expired}; Path=/; Domain=${domain}`;
  }
}

export function cookieNames(): string[] {
  return Object.keys(parseCookieHeader(document.cookie));
}
