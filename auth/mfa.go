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

// factorJSON builds one factor ("f" is auth.mfa_factors) as the JSON above.
const factorJSON = `json_build_object('id', f.id, 'friendly_name', coalesce(f.friendly_name, ''),
	'factor_type', f.factor_type, 'status', f.status, 'created_at', f.created_at,
	'updated_at', f.updated_at, 'last_challenged_at', f.last_challenged_at)`

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
	fc.f, err = ownedFactor(ctx, c, r, fc.u.ID, true)
	return fc, err
}

// storedFactor is a factor row with its sealed secret.
type storedFactor struct {
	factor
	Secret string
}

// ownedFactor reads the {factor_id} of the URL, which must be one of userID's factors.
func ownedFactor(ctx context.Context, c pgrole.Conn, r *http.Request, userID string, lock bool) (*storedFactor, error) {
	id := chi.URLParam(r, "factor_id")
	if !validUUID(id) {
		return nil, &apiError{Status: http.StatusNotFound, Code: "validation_failed", Msg: "factor_id must be an UUID"}
	}
	q := `select id::text, coalesce(friendly_name, ''), factor_type, status, created_at, updated_at, last_challenged_at,
		coalesce(secret, '') from auth.mfa_factors where id = $1 and user_id = $2`
	if lock {
		q += ` for update`
	}
	var f storedFactor
	err := c.QueryRow(ctx, q, id, userID).Scan(&f.ID, &f.FriendlyName, &f.FactorType, &f.Status,
		&f.CreatedAt, &f.UpdatedAt, &f.LastChallengedAt, &f.Secret)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errFactorNotFound()
	}
	if err != nil {
		return nil, err
	}
	return &f, nil
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
		if _, err := c.Exec(ctx, `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
			values ($1, $2, $3, 'totp', 'unverified', $4, $4, $5)`, id, u.ID, p.FriendlyName, now, a.sealSecret(id, secret)); err != nil {
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
	if _, err := c.Exec(ctx, `delete from auth.mfa_factors f where f.user_id = $1 and f.status <> 'verified'
		and f.created_at < $2 and not exists (select 1 from auth.mfa_challenges ch where ch.factor_id = f.id)`,
		userID, now.Add(-mfaFactorExpiry)); err != nil {
		return err
	}
	var total, verified int
	var conflict bool
	if err := c.QueryRow(ctx, `select count(*), count(*) filter (where status = 'verified'),
		coalesce(bool_or(friendly_name = $2), false) from auth.mfa_factors where user_id = $1`, userID, name).
		Scan(&total, &verified, &conflict); err != nil {
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
		if _, err := c.Exec(ctx, `
			with ch as (insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4::inet))
			update auth.mfa_factors set last_challenged_at = $3 where id = $2`, id, f.ID, now, a.challengeIP(r)); err != nil {
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
		var (
			createdAt  time.Time
			verifiedAt *time.Time
			ip         string
		)
		err = pgx.ErrNoRows
		if validUUID(p.ChallengeID) {
			err = c.QueryRow(ctx, `select created_at, verified_at, host(ip_address) from auth.mfa_challenges
				where id = $1 and factor_id = $2 for update`, p.ChallengeID, f.ID).Scan(&createdAt, &verifiedAt, &ip)
		}
		if errors.Is(err, pgx.ErrNoRows) {
			return unprocessable("mfa_factor_not_found", "MFA factor with the provided challenge ID not found")
		}
		if err != nil {
			return err
		}
		if verifiedAt != nil || ip != a.challengeIP(r) {
			return unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.")
		}
		if now.After(createdAt.Add(mfaChallengeExpiry)) {
			if _, err := c.Exec(ctx, `delete from auth.mfa_challenges where id = $1`, p.ChallengeID); err != nil {
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
		if ok, err := spendTOTP(ctx, c, f.ID, p.Code, secret, now); err != nil {
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
func spendTOTP(ctx context.Context, c pgrole.Conn, factorID, code, secret string, now time.Time) (bool, error) {
	var used *int64
	if err := c.QueryRow(ctx, `select last_totp_step from auth.mfa_factors where id = $1`, factorID).Scan(&used); err != nil {
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
	tag, err := c.Exec(ctx, `update auth.mfa_factors set last_totp_step = $2
		where id = $1 and (last_totp_step is null or last_totp_step < $2)`, factorID, step)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// raiseSession records a verified challenge: the factor becomes verified, the
// session aal2 with a "totp" amr claim, the user's other aal1 sessions and
// unverified TOTP factors go, and the session's refresh tokens are replaced by
// a new one. Deleting (not revoking) the old tokens matters: a revoked token
// may still get a child within the reuse interval, and that child would carry
// aal2 to whoever held the aal1 token.
func (a *api) raiseSession(ctx context.Context, c pgrole.Conn, sessionID, userID, factorID, challengeID string, now time.Time) (*tokenResponse, error) {
	nonce, token, hash := a.newRefresh()
	if _, err := c.Exec(ctx, `
		with ch as (update auth.mfa_challenges set verified_at = $4 where id = $3),
		f as (update auth.mfa_factors set status = 'verified', updated_at = $4 where id = $2 and status <> 'verified'),
		amr as (insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
			values ($5, $1, $4, $4, 'totp')
			on conflict (session_id, authentication_method) do update set created_at = $4, updated_at = $4),
		s as (update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = $4 where id = $1),
		others as (delete from auth.sessions where user_id = $6 and id <> $1 and aal < 'aal2'),
		unverified as (delete from auth.mfa_factors where user_id = $6 and id <> $2 and status = 'unverified' and factor_type = 'totp'),
		old as (delete from auth.refresh_tokens where session_id = $1)
		insert into auth.refresh_tokens (instance_id, token, nonce, user_id, revoked, created_at, updated_at, session_id)
		values ('00000000-0000-0000-0000-000000000000', $7, $8, $6, false, $4, $4, $1)`,
		sessionID, factorID, challengeID, now, newID(), userID, hash, nonce); err != nil {
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
		return map[string]string{"id": f.ID}, deleteFactor(ctx, c, f.ID)
	})
}

// deleteFactor removes a factor and downgrades the sessions it raised (their
// "totp" claim goes, so a refresh signs aal1 again), as GoTrue's
// DowngradeSessionsToAAL1.
func deleteFactor(ctx context.Context, c pgrole.Conn, factorID string) error {
	_, err := c.Exec(ctx, `
		with s as (select id from auth.sessions where factor_id = $1),
		amr as (delete from auth.mfa_amr_claims where session_id in (select id from s) and authentication_method = 'totp'),
		down as (update auth.sessions set aal = 'aal1', factor_id = null where id in (select id from s))
		delete from auth.mfa_factors where id = $1`, factorID)
	return err
}
