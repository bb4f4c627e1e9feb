package ssr

import (
	"fmt"
	"log/slog"

	"github.com/dop251/goja"
)

// prelude gives the bundle the few browser functions React and the site touch while
// rendering to a string. Timers never fire: renderToString finishes synchronously,
// and what React's scheduler would do later belongs to the browser.
const prelude = `
(function (g) {
  var nextTimer = 1;
  g.setTimeout = g.setInterval = g.setImmediate = function () { return nextTimer++; };
  g.clearTimeout = g.clearInterval = g.clearImmediate = function () {};
  g.queueMicrotask = function (fn) { Promise.resolve().then(fn); };
  g.__dynamicImport = function (m) { return Promise.reject(new Error("ssr: no dynamic import of " + m)); };
  function Port() { this.onmessage = null; }
  Port.prototype.postMessage = function () {};
  Port.prototype.close = function () {};
  g.MessageChannel = function () { this.port1 = new Port(); this.port2 = new Port(); };
  g.TextEncoder = function () {};
  g.TextEncoder.prototype.encoding = "utf-8";
  g.TextEncoder.prototype.encode = function (s) { return new Uint8Array(__utf8(String(s === undefined ? "" : s))); };
  function log(level) { return function () { __log(level, Array.prototype.map.call(arguments, String).join(" ")); }; }
  g.console = { log: log("info"), info: log("info"), debug: log("debug"), warn: log("warn"), error: log("error") };
})(globalThis);
`

func installGlobals(rt *goja.Runtime, log *slog.Logger) error {
	policy := sanitizer()
	set := func(name string, v any) error {
		if err := rt.Set(name, v); err != nil {
			return fmt.Errorf("ssr: global %s: %w", name, err)
		}
		return nil
	}
	if err := set("__utf8", func(s string) goja.ArrayBuffer { return rt.NewArrayBuffer([]byte(s)) }); err != nil {
		return err
	}
	if err := set("__log", func(level, msg string) { logBundle(log, level, msg) }); err != nil {
		return err
	}
	if err := set("__sanitizeHTML", policy.Sanitize); err != nil {
		return err
	}
	_, err := rt.RunString(prelude)
	return err
}

// logBundle writes a line the bundle's console wrote, at its level (errors and
// warnings show; the rest is debug).
func logBundle(log *slog.Logger, level, msg string) {
	if log == nil {
		return
	}
	switch level {
	case "error":
		log.Error("ssr: " + msg)
	case "warn":
		log.Warn("ssr: " + msg)
	default:
		log.Debug("ssr: " + msg)
	}
}
