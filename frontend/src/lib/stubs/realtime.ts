// The public site subscribes to nothing, so the realtime module supabase-js
// constructs eagerly is replaced (vite.config.ts, for supabase-js's own import
// only) by this stand-in: it saves ~13 KB gzip on every page, and a call that
// would need realtime fails loudly instead of opening a socket. The back office's
// live feed imports the real realtime-js itself (features/admin-live/api.ts).

function unavailable(): never {
  throw new Error("Realtime is not part of the public site (the back office has its own client)");
}

export class RealtimeClient {
  constructor(_endpoint: string, _options?: unknown) {}
  setAuth(_token?: string | null): Promise<void> {
    return Promise.resolve();
  }
  channel(_topic: string, _params?: unknown): never {
    return unavailable();
  }
  getChannels(): never[] {
    return [];
  }
  removeChannel(_channel: unknown): Promise<"ok"> {
    return Promise.resolve("ok");
  }
  removeAllChannels(): Promise<"ok"[]> {
    return Promise.resolve([]);
  }
  connect(): void {}
  disconnect(): void {}
  isConnected(): boolean {
    return false;
  }
}

export class RealtimeChannel {}
export class RealtimePresence {}
