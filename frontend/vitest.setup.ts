// Node 20 has no WebSocket global (Node 22 and every browser have one). supabase-js
// asks for the constructor when it builds its realtime client, which happens as soon
// as a module that holds the client is loaded, e.g. a back-office feature's public
// entry imported by a test of its pure rules. Unit tests never open a socket: the
// stand-in refuses to, so a test that tried would fail rather than hang.
if (typeof globalThis.WebSocket === "undefined") {
  class NoWebSocket {
    constructor() {
      throw new Error("unit tests open no WebSocket");
    }
  }
  Object.defineProperty(globalThis, "WebSocket", { value: NoWebSocket, configurable: true, writable: true });
}
