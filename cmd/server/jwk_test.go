package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"casarent/server/jwtauth"
)

// TestJWKCommand: `server jwk` prints a key JWT_KEYS accepts as its signing key.
func TestJWKCommand(t *testing.T) {
	for _, args := range [][]string{{"jwk"}, {"jwk", "RS256", "rsa-1"}} {
		var out bytes.Buffer
		if err := run(context.Background(), args, func(string) string { return "" }, &out); err != nil {
			t.Fatal(err)
		}
		ks, err := jwtauth.ParseKeySet("["+strings.TrimSpace(out.String())+"]", time.Hour)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if len(args) == 3 && (ks.SigningKID() != "rsa-1" || ks.SigningAlg() != "RS256") {
			t.Fatalf("%v: %s %s", args, ks.SigningKID(), ks.SigningAlg())
		}
		if len(args) == 1 && (ks.SigningAlg() != "ES256" || len(ks.SigningKID()) != 16) {
			t.Fatalf("default: %s %s", ks.SigningKID(), ks.SigningAlg())
		}
	}
	if err := run(context.Background(), []string{"jwk", "HS256"}, func(string) string { return "" }, &bytes.Buffer{}); err == nil {
		t.Fatal("HS256 jwk generated")
	}
}
