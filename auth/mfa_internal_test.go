package auth

import (
	"encoding/base32"
	"strings"
	"testing"
	"time"

	"casarent/server/jwtauth"
)

// RFC 6238 appendix B's SHA-1 vectors, cut to 6 digits (the last six of the
// 8-digit values), with one step of drift either way and no more.
func TestTOTPMatchesRFC6238(t *testing.T) {
	secret := base32.StdEncoding.EncodeToString([]byte("12345678901234567890"))
	for unix, code := range map[int64]string{59: "287082", 1111111109: "081804", 1234567890: "005924", 2000000000: "279037"} {
		at := time.Unix(unix, 0)
		if !validTOTP(code, secret, at) {
			t.Errorf("code %s at %d refused", code, unix)
		}
		if !validTOTP(code, secret, at.Add(30*time.Second)) || !validTOTP(code, secret, at.Add(-30*time.Second)) {
			t.Errorf("code %s at %d refused one step away", code, unix)
		}
		if validTOTP(code, secret, at.Add(90*time.Second)) || validTOTP(code, secret, at.Add(-90*time.Second)) {
			t.Errorf("code %s at %d accepted three steps away", code, unix)
		}
	}
	if validTOTP("", secret, time.Unix(59, 0)) || validTOTP("28708", secret, time.Unix(59, 0)) {
		t.Error("short codes accepted")
	}
}

// The stored secret opens only with the server's key and for its own factor.
func TestSealedSecret(t *testing.T) {
	a := &api{secret: "jwt-secret-one-0123456789abcdef0123456789"}
	sealed := a.sealSecret("factor-1", "JBSWY3DPEHPK3PXP")
	if strings.Contains(sealed, "JBSWY3DPEHPK3PXP") || !strings.HasPrefix(sealed, sealedPrefix) {
		t.Fatalf("secret stored in the clear: %s", sealed)
	}
	if got, err := a.openSecret("factor-1", sealed); err != nil || got != "JBSWY3DPEHPK3PXP" {
		t.Fatalf("open: %q %v", got, err)
	}
	if _, err := a.openSecret("factor-2", sealed); err == nil {
		t.Error("a sealed secret moved to another factor opened")
	}
	other := &api{secret: "jwt-secret-two-0123456789abcdef0123456789"}
	if _, err := other.openSecret("factor-1", sealed); err == nil {
		t.Error("opened with another key")
	}
	if _, err := a.openSecret("factor-1", "JBSWY3DPEHPK3PXP"); err == nil {
		t.Error("a plain secret accepted")
	}
}

func TestAALOfAMR(t *testing.T) {
	if aalOf([]jwtauth.AMREntry{{Method: "password"}}) != "aal1" || aalOf(nil) != "aal1" {
		t.Error("password alone is not aal1")
	}
	if aalOf([]jwtauth.AMREntry{{Method: "totp"}, {Method: "password"}}) != "aal2" {
		t.Error("password + totp is not aal2")
	}
}

func TestQRSVGHasNoHash(t *testing.T) {
	svg, err := qrSVG("otpauth://totp/CasaRent:a@b.test?algorithm=SHA1&digits=6&issuer=CasaRent&period=30&secret=JBSWY3DPEHPK3PXP")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(svg, "<svg ") || !strings.HasSuffix(svg, "</svg>") || strings.ContainsAny(svg, "#%") {
		t.Fatalf("svg: %.80s", svg)
	}
}
