package auth

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// TOTP multi-factor authentication, GoTrue's /factors API as auth-js calls it.
// Phone and WebAuthn factors answer as GoTrue does with
// them switched off.

// GoTrue's defaults (MFA_CHALLENGE_EXPIRY_DURATION, MFA_FACTOR_EXPIRY_DURATION,
// MFA_MAX_ENROLLED_FACTORS, MFA_MAX_VERIFIED_FACTORS).
const (
	mfaChallengeExpiry  = 300 * time.Second
	mfaFactorExpiry     = 300 * time.Second
	mfaMaxEnrolled      = 10
	mfaMaxVerified      = 10
	aal1, aal2          = "aal1", "aal2"
	amrTOTP             = "totp"
	factorTypeTOTP      = "totp"
	factorUnverified    = "unverified"
	factorVerified      = "verified"
	mfaVerifyRateBucket = "mfa_verify"
)

// factor is GoTrue's Factor object.
type factor struct {
	ID               string     `json:"id"`
	FriendlyName     string     `json:"friendly_name,omitempty"`
	FactorType       string     `json:"factor_type"`
	Status           string     `json:"status"`
	CreatedAt        time.Time  `json:"created_at"`
	UpdatedAt        time.Time  `json:"updated_at"`
	LastChallengedAt *time.Time `json:"last_challenged_at"`
}

func errFactorNotFound() *apiError {
	return &apiError{Status: http.StatusNotFound, Code: "mfa_factor_not_found", Msg: "Factor not found"}
}

// mfaCaller loads the signed-in caller (a session is required) and its session's aal.
func (a *api) mfaCaller(ctx context.Context, c pgrole.Conn, r *http.Request) (*caller, *user, string, error) {
	cl, u, err := a.loadCaller(ctx, c, r, true)
	if err != nil {
		return nil, nil, "", err
	}
	if cl.SessionID == "" {
		return nil, nil, "", internalError("A valid session and a registered user are required to enroll a factor", nil)
	}
	level, err := a.store.SessionAAL(ctx, c, cl.SessionID)
	if err != nil {
		return nil, nil, "", err
	}
	return cl, u, level, nil
}

// factorCall is a request on one of the caller's factors: the caller (mfaCaller),
// its session's aal and the {factor_id} of the URL, locked.
type factorCall struct {
	cl    *caller
	u     *user
	level string
	f     *storedFactor
}

func (a *api) callerFactor(ctx context.Context, c pgrole.Conn, r *http.Request) (fc factorCall, err error) {
	if fc.cl, fc.u, fc.level, err = a.mfaCaller(ctx, c, r); err != nil {
		return fc, err
	}
	fc.f, err = a.ownedFactor(ctx, c, r, fc.u.ID, true)
	return fc, err
}

// ownedFactor reads the {factor_id} of the URL, which must be one of userID's factors.
func (a *api) ownedFactor(ctx context.Context, c pgrole.Conn, r *http.Request, userID string, lock bool) (*storedFactor, error) {
	id := chi.URLParam(r, "factor_id")
	if !validUUID(id) {
		return nil, &apiError{Status: http.StatusNotFound, Code: "validation_failed", Msg: "factor_id must be an UUID"}
	}
	f, err := a.store.UserFactor(ctx, c, id, userID, lock)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errFactorNotFound()
	}
	return f, err
}

type enrollParams struct {
	FriendlyName string `json:"friendly_name"`
	FactorType   string `json:"factor_type"`
	Issuer       string `json:"issuer"`
	Phone        string `json:"phone"`
}

type enrollResponse struct {
	ID           string     `json:"id"`
	Type         string     `json:"type"`
	FriendlyName string     `json:"friendly_name"`
	TOTP         totpObject `json:"totp"`
}

type totpObject struct {
	QRCode string `json:"qr_code"`
	Secret string `json:"secret"`
	URI    string `json:"uri"`
}

// handleFactorEnroll is POST /factors: a new, unverified TOTP factor and its
// secret (shown once; only a verification makes it count).
func (a *api) handleFactorEnroll(w http.ResponseWriter, r *http.Request, p enrollParams) error {
	return txAnswer(a, w, r, func(ctx context.Context, c pgrole.Conn) (*enrollResponse, error) {
		_, u, level, err := a.mfaCaller(ctx, c, r)
		if err != nil {
			return nil, err
		}
		switch p.FactorType {
		case factorTypeTOTP:
		case "phone":
			return nil, unprocessable("mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone")
		case "webauthn":
			return nil, unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn")
		default:
			return nil, validationFailed("factor_type needs to be totp, phone, or webauthn")
		}
		issuer := p.Issuer
		if issuer == "" {
			su, err := url.ParseRequestURI(a.siteURL)
			if err != nil {
				return nil, internalError("site url is improperly formatted", err)
			}
			issuer = su.Host
		}
		now := a.now()
		if err := a.checkNewFactor(ctx, c, u.ID, p.FriendlyName, level, now); err != nil {
			return nil, err
		}
		secret, uri, svg, err := newTOTPKey(issuer, u.Email)
		if err != nil {
			return nil, internalError("Error generating QR Code", err)
		}
		id := newID()
		if err := a.store.CreateTOTPFactor(ctx, c, id, u.ID, p.FriendlyName, a.sealSecret(id, secret), now); err != nil {
			if isUniqueViolation(err, "") {
				return nil, errFactorNameConflict(p.FriendlyName)
			}
			return nil, err
		}
		return &enrollResponse{ID: id, Type: factorTypeTOTP, FriendlyName: p.FriendlyName,
			TOTP: totpObject{QRCode: svg, Secret: secret, URI: uri}}, nil
	})
}

func errFactorNameConflict(name string) *apiError {
	return unprocessable("mfa_factor_name_conflict", fmt.Sprintf("A factor with the friendly name %q for this user already exists", name))
}

// checkNewFactor is GoTrue's validateFactors: stale unverified factors go first,
// then names must differ, counts stay under the limits, and a user who has a
// verified factor adds another only from an aal2 session.
func (a *api) checkNewFactor(ctx context.Context, c pgrole.Conn, userID, name, level string, now time.Time) error {
	if err := a.store.DeleteStaleFactors(ctx, c, userID, now.Add(-mfaFactorExpiry)); err != nil {
		return err
	}
	total, verified, conflict, err := a.store.FactorCounts(ctx, c, userID, name)
	if err != nil {
		return err
	}
	switch {
	case conflict:
		return errFactorNameConflict(name)
	case total >= mfaMaxEnrolled, verified >= mfaMaxVerified:
		return unprocessable("too_many_enrolled_mfa_factors", "Maximum number of verified factors reached, unenroll to continue")
	case verified > 0 && level != aal2:
		return forbidden("insufficient_aal", "AAL2 required to enroll a new factor")
	}
	return nil
}

type challengeResponse struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	ExpiresAt int64  `json:"expires_at"`
}

// handleFactorChallenge is POST /factors/{factor_id}/challenge: a challenge to
// answer with a code within 5 minutes, from the same address.
func (a *api) handleFactorChallenge(w http.ResponseWriter, r *http.Request) error {
	return txAnswer(a, w, r, func(ctx context.Context, c pgrole.Conn) (*challengeResponse, error) {
		fc, err := a.callerFactor(ctx, c, r)
		if err != nil {
			return nil, err
		}
		f := fc.f
		if f.FactorType != factorTypeTOTP {
			return nil, validationFailed("factor_type needs to be totp, phone, or webauthn")
		}
		now := a.now()
		id := newID()
		if err := a.store.CreateChallenge(ctx, c, id, f.ID, a.challengeIP(r), now); err != nil {
			return nil, err
		}
		return &challengeResponse{ID: id, Type: f.FactorType, ExpiresAt: now.Add(mfaChallengeExpiry).Unix()}, nil
	})
}

// challengeIP is the client address a challenge is bound to (inet; 0.0.0.0 when
// the peer is not an IP, so such challenges still match each other).
func (a *api) challengeIP(r *http.Request) string {
	if m := a.clientMeta(r); m.IP != nil {
		return *m.IP
	}
	return "0.0.0.0"
}

type verifyFactorParams struct {
	ChallengeID string `json:"challenge_id"`
	Code        string `json:"code"`
}

// handleFactorVerify is POST /factors/{factor_id}/verify: a right code verifies
// the factor (first time) and raises the session to aal2, with a new refresh
// token; the user's other aal1 sessions end, as in GoTrue.
//
// Guessing is limited per client address (RATE_LIMIT_VERIFY, the bucket
// below) and not per factor: a per-factor bucket lets whoever holds the
// password spend it and lock the factor's owner out. The guesser is bounded
// all the same: each challenge is bound to the address that asked for it, and
// each code opens at most one session.
func (a *api) handleFactorVerify(w http.ResponseWriter, r *http.Request, p verifyFactorParams) error {
	// GoTrue authenticates before it reads the body: no token is 401 even
	// when the code is missing too.
	if _, err := a.requireCaller(r); err != nil {
		return err
	}
	if err := a.limit(r, mfaVerifyRateBucket, a.cfg.RateLimit.Verify); err != nil {
		return err
	}
	if p.Code == "" {
		return validationFailed("Code needs to be non-empty")
	}
	ctx := r.Context()
	var resp *tokenResponse
	var outcome error // reported after commit: an expired challenge is deleted
	err := a.tx(ctx, r, func(c pgrole.Conn) error {
		fc, err := a.callerFactor(ctx, c, r)
		if err != nil {
			return err
		}
		f := fc.f
		now := a.now()
		ch := challengeRow{}
		err = pgx.ErrNoRows
		if validUUID(p.ChallengeID) {
			ch, err = a.store.LockChallenge(ctx, c, p.ChallengeID, f.ID)
		}
		if errors.Is(err, pgx.ErrNoRows) {
			return unprocessable("mfa_factor_not_found", "MFA factor with the provided challenge ID not found")
		}
		if err != nil {
			return err
		}
		if ch.VerifiedAt != nil || ch.IP != a.challengeIP(r) {
			return unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.")
		}
		if now.After(ch.CreatedAt.Add(mfaChallengeExpiry)) {
			if err := a.store.DeleteChallenge(ctx, c, p.ChallengeID); err != nil {
				return err
			}
			outcome = unprocessable("mfa_challenge_expired", fmt.Sprintf(
				"MFA challenge %s has expired, verify against another challenge or create a new challenge.", p.ChallengeID))
			return nil
		}
		secret, err := a.openSecret(f.ID, f.Secret)
		if err != nil {
			return internalError("Database error verifying MFA TOTP secret", err)
		}
		if ok, err := a.spendTOTP(ctx, c, f.ID, p.Code, secret, now); err != nil {
			return err
		} else if !ok {
			return unprocessable("mfa_verification_failed", "Invalid TOTP code entered")
		}
		resp, err = a.raiseSession(ctx, c, fc.cl.SessionID, fc.u.ID, f.ID, p.ChallengeID, now)
		return err
	})
	if err != nil {
		return err
	}
	if outcome != nil {
		return outcome
	}
	return httpx.WriteJSON(w, http.StatusOK, resp)
}

// spendTOTP accepts code for the factor if it is the code of a step of the
// window later than the last step accepted, and records that step. A replayed
// code answers as a wrong one (GoTrue's mfa_verification_failed). The UPDATE's
// own condition makes the spend atomic whatever locks the caller holds.
func (a *api) spendTOTP(ctx context.Context, c pgrole.Conn, factorID, code, secret string, now time.Time) (bool, error) {
	used, err := a.store.LastTOTPStep(ctx, c, factorID)
	if err != nil {
		return false, err
	}
	after := int64(math.MinInt64)
	if used != nil {
		after = *used
	}
	step, ok := totpStep(code, secret, now, after)
	if !ok {
		return false, nil
	}
	return a.store.SpendTOTPStep(ctx, c, factorID, step)
}

// raiseSession records a verified challenge: the factor becomes verified, the
// session aal2 with a "totp" amr claim, the user's other aal1 sessions and
// unverified TOTP factors go, and the session's refresh tokens are replaced by
// a new one. Deleting (not revoking) the old tokens matters: a revoked token
// may still get a child within the reuse interval, and that child would carry
// aal2 to whoever held the aal1 token.
func (a *api) raiseSession(ctx context.Context, c pgrole.Conn, sessionID, userID, factorID, challengeID string, now time.Time) (*tokenResponse, error) {
	nonce, token, hash := a.newRefresh()
	if err := a.store.RaiseSession(ctx, c, sessionID, userID, factorID, challengeID, hash, nonce, now); err != nil {
		return nil, err
	}
	// Statements of one WITH see the same snapshot: read the user afterwards.
	u, err := a.store.UserByID(ctx, c, userID, false)
	if err != nil {
		return nil, err
	}
	amr, err := a.store.SessionAMR(ctx, c, sessionID)
	if err != nil {
		return nil, err
	}
	return a.response(u, sessionID, token, amr, now)
}

// handleFactorUnenroll is DELETE /factors/{factor_id}. A verified factor is
// removed only from an aal2 session; sessions it raised fall back to aal1.
func (a *api) handleFactorUnenroll(w http.ResponseWriter, r *http.Request) error {
	return txAnswer(a, w, r, func(ctx context.Context, c pgrole.Conn) (map[string]string, error) {
		fc, err := a.callerFactor(ctx, c, r)
		if err != nil {
			return nil, err
		}
		f := fc.f
		if f.Status == factorVerified && fc.level != aal2 {
			return nil, unprocessable("insufficient_aal", "AAL2 required to unenroll verified factor")
		}
		return map[string]string{"id": f.ID}, a.store.DeleteFactor(ctx, c, f.ID)
	})
}
