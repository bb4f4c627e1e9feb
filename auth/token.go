package auth

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// handleToken is POST /token?grant_type=password|refresh_token. Every error
// carries the OAuth pair too.
func (a *api) handleToken(w http.ResponseWriter, r *http.Request) error {
	err := func() error {
		if err := a.limit(r, "token", a.cfg.RateLimit.TokenRefresh); err != nil {
			return err
		}
		switch gt := r.URL.Query().Get("grant_type"); gt {
		case "password":
			return withBody(a.passwordGrant)(w, r)
		case "refresh_token":
			return withBody(a.refreshGrant)(w, r)
		case "id_token":
			return a.idTokenGrant(w, r)
		case "pkce":
			return a.pkceGrant(w, r)
		case "web3":
			return errWeb3Disabled()
		default:
			return &apiError{Status: http.StatusBadRequest, Code: "invalid_credentials", Msg: "unsupported_grant_type", OAuth: "unsupported_grant_type"}
		}
	}()
	var e *apiError
	if errors.As(err, &e) && e.OAuth == "" {
		e.OAuth = oauthCode(e)
	}
	return err
}

func oauthCode(e *apiError) string {
	switch {
	case e.Status == http.StatusBadRequest && (e.Code == "validation_failed" || e.Code == "bad_json"):
		return "invalid_request"
	case e.Status >= 500:
		return "server_error"
	case e.Status == http.StatusTooManyRequests:
		return "slow_down"
	default:
		return "invalid_grant"
	}
}

type passwordGrantParams struct {
	Email    string       `json:"email"`
	Phone    string       `json:"phone"`
	Password string       `json:"password"`
	Security metaSecurity `json:"gotrue_meta_security"`
}

func (a *api) passwordGrant(w http.ResponseWriter, r *http.Request, p passwordGrantParams) error {
	if err := a.checkCaptcha(r, p.Security); err != nil {
		return err
	}
	email := normalizeEmail(p.Email)
	switch {
	case email != "" && p.Phone != "":
		return validationFailed("Only an email address or phone number should be provided on login.")
	case p.Phone != "":
		return unprocessable("phone_provider_disabled", "Phone logins are disabled")
	case email == "":
		return validationFailed("missing email or phone")
	case !a.cfg.EmailEnabled:
		return unprocessable("email_provider_disabled", "Email logins are disabled")
	}
	ctx := r.Context()
	// A try of the account's failure budget is taken before the comparison (so
	// concurrent guesses cannot overspend it) and given back when the password is right.
	if err := a.takeSignInTry(r, email); err != nil {
		return err
	}
	// Read the user, then compare the password holding no connection: bcrypt is
	// the slow part and must not pin a pooled connection.
	u, err := a.store.UserByEmail(ctx, a.store.Once(session(r)), email, false)
	if errors.Is(err, errNoUser) {
		u, err = nil, nil
	}
	if err != nil {
		return err
	}
	now := a.now()
	hash := ""
	if u != nil {
		hash = u.EncryptedPassword
	}
	ok := a.comparePassword(hash, p.Password)
	if ok {
		if err := a.signInSucceeded(r, email); err != nil {
			return err
		}
	}
	switch {
	case u == nil || u.EncryptedPassword == "":
		return errInvalidCredentials()
	case u.banned(now):
		return badRequest("user_banned", "User is banned")
	case !ok:
		return errInvalidCredentials()
	case !u.emailConfirmed():
		return badRequest("email_not_confirmed", "Email not confirmed")
	}
	var resp *tokenResponse
	err = a.tx(ctx, r, func(c pgrole.Conn) error {
		var err error
		resp, err = a.startSession(ctx, c, u.ID, "password", a.clientMeta(r), now)
		return err
	})
	if err != nil {
		return err
	}
	if reasons, msg := a.passwordProblems(p.Password); len(reasons) > 0 {
		resp.WeakPassword = map[string]any{"reasons": reasons, "message": msg}
	}
	return httpx.WriteJSON(w, http.StatusOK, resp)
}

type refreshParams struct {
	RefreshToken string `json:"refresh_token"`
}

func (a *api) refreshGrant(w http.ResponseWriter, r *http.Request, p refreshParams) error {
	if p.RefreshToken == "" {
		return validationFailed("refresh_token required")
	}
	resp, err := a.refresh(r.Context(), r, p.RefreshToken)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, resp)
}

func errRefreshNotFound() *apiError {
	return badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
}

// refresh rotates a refresh token (GoTrue's algorithm, see README.md):
//   - a live token is revoked and replaced by a child;
//   - a revoked token whose child is the session's current token gets that same
//     child back (the client lost the previous answer);
//   - a revoked token within the reuse interval of its revocation gets a new child
//     (concurrent tabs);
//   - any other revoked token is reuse: the whole session is revoked.
func (a *api) refresh(ctx context.Context, r *http.Request, token string) (*tokenResponse, error) {
	if len(token) < 12 || len(token) > 255 {
		return nil, errRefreshNotFound()
	}
	hash := hashToken(token)
	now := a.now()
	var resp *tokenResponse
	var outcome error // an error to report after committing (reuse detection)
	err := a.tx(ctx, r, func(c pgrole.Conn) error {
		if err := a.store.SetRotationLockTimeout(ctx, c); err != nil {
			return err
		}
		rt, err := a.store.LockRefreshToken(ctx, c, hash)
		if errors.Is(err, pgx.ErrNoRows) {
			return errRefreshNotFound()
		}
		if err != nil {
			return err
		}
		u, err := a.store.UserByID(ctx, c, rt.userID, false)
		if errors.Is(err, errNoUser) {
			return errRefreshNotFound()
		}
		if err != nil {
			return err
		}
		if u.banned(now) {
			return badRequest("user_banned", "User is banned")
		}
		if err := a.sessionValid(now, rt.notAfter, rt.sessCreated, rt.refreshedAt); err != nil {
			return err
		}
		var newToken string
		if rt.revoked {
			if newToken, outcome, err = a.refreshRevoked(ctx, c, r, rt, hash, now); err != nil || outcome != nil {
				return err
			}
		} else if err := a.store.RevokeRefreshToken(ctx, c, rt.id, now); err != nil {
			return err
		}
		if newToken == "" {
			if newToken, err = a.insertChildToken(ctx, c, rt, hash, now); err != nil {
				return err
			}
		}
		if err := a.store.TouchSession(ctx, c, rt.sessionID, now); err != nil {
			return err
		}
		amr, err := a.store.SessionAMR(ctx, c, rt.sessionID)
		if err != nil {
			return err
		}
		resp, err = a.response(u, rt.sessionID, newToken, amr, now)
		return err
	})
	if isLockTimeout(err) {
		return nil, &apiError{Status: http.StatusConflict, Code: "conflict", Msg: "Too many concurrent token refresh requests on the same session or refresh token", Err: err}
	}
	if err != nil {
		return nil, err
	}
	if outcome != nil {
		return nil, outcome
	}
	return resp, nil
}

// refreshRevoked handles a revoked token: its child back when that child is
// the session's current token; "" (a new child) within the reuse interval;
// otherwise reuse: the session is revoked and outcome is the error to answer
// once that is committed.
func (a *api) refreshRevoked(ctx context.Context, c pgrole.Conn, r *http.Request, rt refreshRow, hash string, now time.Time) (token string, outcome, err error) {
	activeNonce, activeParent, err := a.store.LiveRefreshToken(ctx, c, rt.sessionID)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return "", nil, err
	}
	switch {
	case activeParent == hash && activeNonce != "":
		return a.refreshToken(activeNonce), nil, nil
	case a.cfg.RefreshTokenRotation && now.After(rt.revokedAt.Add(a.cfg.RefreshTokenReuseInterval)):
		if err := a.store.RevokeReusedSession(ctx, c, rt, a.clientIP(r), now); err != nil {
			return "", nil, err
		}
		return "", badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used"), nil
	}
	return "", nil, nil
}

// insertChildToken issues a new refresh token whose parent is hash.
func (a *api) insertChildToken(ctx context.Context, c pgrole.Conn, rt refreshRow, hash string, now time.Time) (string, error) {
	nonce, tok, h := a.newRefresh()
	if err := a.store.CreateChildRefreshToken(ctx, c, rt, h, nonce, hash, now); err != nil {
		return "", err
	}
	return tok, nil
}

// sessionValid applies the optional session limits (timebox, inactivity, not_after).
func (a *api) sessionValid(now time.Time, notAfter *time.Time, created time.Time, refreshedAt *time.Time) error {
	if notAfter != nil && now.After(*notAfter) {
		return badRequest("session_expired", "Invalid Refresh Token: Session Expired")
	}
	if a.cfg.SessionsTimebox > 0 && now.After(created.Add(a.cfg.SessionsTimebox)) {
		return badRequest("session_expired", "Invalid Refresh Token: Session Expired")
	}
	if a.cfg.SessionsInactivityTimeout > 0 {
		last := created
		if refreshedAt != nil && refreshedAt.After(last) {
			last = *refreshedAt
		}
		if now.After(last.Add(a.cfg.SessionsInactivityTimeout)) {
			return badRequest("session_expired", "Invalid Refresh Token: Session Expired (Inactivity)")
		}
	}
	return nil
}
