// Runtime configuration written by the Go server into /app-config.js, so one
// build runs against any backend (no rebuild per environment).

export type PaymentsMode = "off" | "simulated" | "live";

export interface AppConfig {
  supabaseUrl: string;
  anonKey: string;
  payments: { mode: PaymentsMode; currency: string; madPerUnit: number };
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

export function readAppConfig(raw: Partial<AppConfig> | undefined, origin: string): AppConfig {
  const p = raw?.payments;
  const mode: PaymentsMode = p?.mode === "simulated" || p?.mode === "live" ? p.mode : "off";
  return {
    supabaseUrl: raw?.supabaseUrl || origin,
    anonKey: raw?.anonKey || "",
    payments: {
      mode,
      currency: p?.currency || "EUR",
      madPerUnit: typeof p?.madPerUnit === "number" && p.madPerUnit > 0 ? p.madPerUnit : 0,
    },
  };
}

export const appConfig: AppConfig = readAppConfig(
  typeof window === "undefined" ? undefined : window.__APP_CONFIG__,
  typeof window === "undefined" ? "http://localhost" : window.location.origin,
);
