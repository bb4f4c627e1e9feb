package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/boombuler/barcode/qr"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// TOTP as GoTrue (and every authenticator app) does it: RFC 6238 with SHA-1,
// 6 digits, 30-second steps, one step of drift accepted either way.
var totpOpts = totp.ValidateOpts{Period: 30, Skew: 1, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// newTOTPKey draws a 160-bit secret and returns it with its otpauth:// URI and
// the URI as an SVG QR code (GoTrue sends the bare SVG; auth-js makes it a data URI).
func newTOTPKey(issuer, account string) (secret, uri, svg string, err error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: issuer, AccountName: account, Period: 30,
		SecretSize: 20, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return "", "", "", err
	}
	svg, err = qrSVG(key.URL())
	if err != nil {
		return "", "", "", err
	}
	return key.Secret(), key.URL(), svg, nil
}

// validTOTP reports whether code is the secret's code at now, or one step either side.
func validTOTP(code, secret string, now time.Time) bool {
	_, ok := totpStep(code, secret, now, math.MinInt64)
	return ok
}

// totpStep finds the time step (Unix time / 30 s) whose code is code, among
// now's step and one either side, considering only steps after usedStep (the
// last step accepted for the factor): a code is good once. The earliest match
// wins, so a later code of the window stays usable.
func totpStep(code, secret string, now time.Time, usedStep int64) (int64, bool) {
	code = strings.TrimSpace(code)
	cur := now.Unix() / int64(totpOpts.Period)
	for step := cur - int64(totpOpts.Skew); step <= cur+int64(totpOpts.Skew); step++ {
		if step <= usedStep {
			continue
		}
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*int64(totpOpts.Period), 0).UTC(), totpOpts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step, true
		}
	}
	return 0, false
}

// qrSVG draws content as a QR code (error correction H, as GoTrue) in SVG: one
// path of unit squares, 3 px per module and a 4-module quiet zone so phone
// cameras find it on any background. No "#" anywhere: auth-js puts the SVG in
// a data: URI unescaped, where "#" would start the fragment.
func qrSVG(content string) (string, error) {
	code, err := qr.Encode(content, qr.H, qr.Auto)
	if err != nil {
		return "", err
	}
	const scale, quiet = 3, 4
	n := code.Bounds().Dx()
	size := (n + 2*quiet) * scale
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" shape-rendering="crispEdges">`,
		size, size, n+2*quiet, n+2*quiet)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/><path fill="black" d="`, n+2*quiet, n+2*quiet)
	for y := range n {
		for x := range n {
			if r, _, _, _ := code.At(x, y).RGBA(); r == 0 {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x+quiet, y+quiet)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String(), nil
}

// The TOTP seed must be readable by the server (it computes the codes), so it
// is sealed rather than hashed: AES-256-GCM under a key derived from the JWT
// secret, bound to the factor's id. A copy of the database alone opens no
// authenticator, and a sealed secret moved to another factor does not open.
const sealedPrefix = "v1:"

func (a *api) mfaKey() cipher.AEAD {
	m := hmac.New(sha256.New, []byte(a.secret))
	m.Write([]byte("casarent mfa secret key v1"))
	block, err := aes.NewCipher(m.Sum(nil))
	if err != nil {
		panic(err) // a 32-byte key is always valid
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return aead
}

func (a *api) sealSecret(factorID, secret string) string {
	aead := a.mfaKey()
	nonce := randomBytes(aead.NonceSize())
	out := aead.Seal(nonce, nonce, []byte(secret), []byte(factorID))
	return sealedPrefix + base64.RawStdEncoding.EncodeToString(out)
}

var errSealed = errors.New("auth: MFA secret cannot be opened")

func (a *api) openSecret(factorID, sealed string) (string, error) {
	raw, ok := strings.CutPrefix(sealed, sealedPrefix)
	if !ok {
		return "", errSealed
	}
	b, err := base64.RawStdEncoding.DecodeString(raw)
	if err != nil {
		return "", errSealed
	}
	aead := a.mfaKey()
	if len(b) < aead.NonceSize() {
		return "", errSealed
	}
	plain, err := aead.Open(nil, b[:aead.NonceSize()], b[aead.NonceSize():], []byte(factorID))
	if err != nil {
		return "", errSealed
	}
	return string(plain), nil
}
