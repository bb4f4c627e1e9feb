package auth

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"casarent/server/jwtauth"
)

// metaSecurity is what auth-js sends as gotrue_meta_security.
type metaSecurity struct {
	CaptchaToken string `json:"captcha_token"`
}

var captchaVerifyURLs = map[string]string{
	"hcaptcha":  "https://api.hcaptcha.com/siteverify",
	"turnstile": "https://challenges.cloudflare.com/turnstile/v0/siteverify",
}

// checkCaptcha is GoTrue's captcha step (SECURITY_CAPTCHA_*), run where GoTrue
// runs it, before anything is read or sent: POST /signup (anonymous sign-ins
// too), /token?grant_type=password, /otp, /magiclink, /recover and /resend. The
// token goes to the provider's siteverify endpoint with the secret and the
// client's address. A missing token or an unreachable provider is a 500
// "captcha verification process failed", a refused token 400 captcha_failed,
// as GoTrue answers. A request carrying an administrator's key skips it, as in
// GoTrue: a server acting for its users has no captcha to solve.
func (a *api) checkCaptcha(r *http.Request, m metaSecurity) error {
	cfg := a.cfg.Captcha
	if !cfg.Enabled || a.isAdminRequest(r) {
		return nil
	}
	token := strings.TrimSpace(m.CaptchaToken)
	if token == "" {
		return internalError("captcha verification process failed", nil)
	}
	verifyURL := cfg.VerifyURL
	if verifyURL == "" {
		verifyURL = captchaVerifyURLs[cfg.Provider]
	}
	form := url.Values{"secret": {cfg.Secret}, "response": {token}}
	if ip := a.clientIP(r); ip != "" {
		form.Set("remoteip", ip)
	}
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, verifyURL, strings.NewReader(form.Encode()))
	if err != nil {
		return internalError("captcha verification process failed", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return internalError("captcha verification process failed", err)
	}
	defer res.Body.Close()
	var out struct {
		Success    bool     `json:"success"`
		ErrorCodes []string `json:"error-codes"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(nil, res.Body, 1<<16)).Decode(&out); err != nil {
		return internalError("captcha verification process failed", err)
	}
	if !out.Success {
		return badRequest("captcha_failed", "captcha protection: request disallowed ("+strings.Join(out.ErrorCodes, ", ")+")")
	}
	return nil
}

// isAdminRequest tells whether the request's verified key or bearer has one of
// JWT_ADMIN_ROLES (withAdmin's test, without its answers).
func (a *api) isAdminRequest(r *http.Request) bool {
	id, err := jwtauth.FromContext(r.Context())
	var roleErr *jwtauth.RoleError
	if errors.As(err, &roleErr) {
		id, err = roleErr.Identity, nil
	}
	return err == nil && id != nil && slices.Contains(a.cfg.JWTAdminRoles, id.Role)
}
