// Our backend has no /realtime/v1 and the site subscribes to nothing, so the
// realtime module supabase-js constructs eagerly is replaced (vite.config.ts
// alias) by this stand-in: it saves ~13 KB gzip on every page, and a call that
// would need realtime fails loudly instead of retrying a socket forever.

function unavailable(): never {
  throw new Error("Realtime is not available on this backend");
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
