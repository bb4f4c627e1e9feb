package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// `server help` lists every command and every surface; a command it does not
// know is refused as such, before any setting is needed.
func TestHelpAndUnknownCommands(t *testing.T) {
	noEnv := func(string) string { return "" }
	var out bytes.Buffer
	if err := run(context.Background(), []string{"help"}, noEnv, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"serve", "migrate", "seed", "keys", "jwk", "gen types", "functions deploy", "secrets set",
		"/rest/v1", "/auth/v1", "/storage/v1", "/functions/v1", "/realtime/v1"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, out.String())
		}
	}
	err := run(context.Background(), []string{"nope"}, noEnv, &out)
	if err == nil || !strings.Contains(err.Error(), `unknown command "nope"`) {
		t.Errorf("an unknown command: %v", err)
	}
}
