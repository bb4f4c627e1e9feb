package auth

import (
	"context"
	"time"

	"casarent/server/pgrole"
)

// The store's factors: TOTP factors (auth.mfa_factors) and their challenges
// (auth.mfa_challenges), and the step that raises a session to aal2. See store
// in db.go.

// factorJSON builds one factor ("f" is auth.mfa_factors) as the JSON of factor
// (mfa.go); userColumns reads a user's factors with it.
const factorJSON = `json_build_object('id', f.id, 'friendly_name', coalesce(f.friendly_name, ''),
	'factor_type', f.factor_type, 'status', f.status, 'created_at', f.created_at,
	'updated_at', f.updated_at, 'last_challenged_at', f.last_challenged_at)`

// storedFactor is a factor row with its sealed secret.
type storedFactor struct {
	factor
	Secret string
}

// UserFactor reads factor id of userID, locked when lock (pgx.ErrNoRows when
// the user has no such factor).
func (store) UserFactor(ctx context.Context, c pgrole.Conn, id, userID string, lock bool) (*storedFactor, error) {
	q := `select id::text, coalesce(friendly_name, ''), factor_type, status, created_at, updated_at, last_challenged_at,
		coalesce(secret, '') from auth.mfa_factors where id = $1 and user_id = $2`
	if lock {
		q += ` for update`
	}
	var f storedFactor
	err := c.QueryRow(ctx, q, id, userID).Scan(&f.ID, &f.FriendlyName, &f.FactorType, &f.Status,
		&f.CreatedAt, &f.UpdatedAt, &f.LastChallengedAt, &f.Secret)
	if err != nil {
		return nil, err
	}
	return &f, nil
}

// CreateTOTPFactor stores an unverified TOTP factor with its sealed secret.
func (store) CreateTOTPFactor(ctx context.Context, c pgrole.Conn, id, userID, name, sealed string, now time.Time) error {
	_, err := c.Exec(ctx, `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
			values ($1, $2, $3, 'totp', 'unverified', $4, $4, $5)`, id, userID, name, now, sealed)
	return err
}

// DeleteStaleFactors removes the user's unverified factors created before
// and never challenged.
func (store) DeleteStaleFactors(ctx context.Context, c pgrole.Conn, userID string, before time.Time) error {
	_, err := c.Exec(ctx, `delete from auth.mfa_factors f where f.user_id = $1 and f.status <> 'verified'
		and f.created_at < $2 and not exists (select 1 from auth.mfa_challenges ch where ch.factor_id = f.id)`,
		userID, before)
	return err
}

// FactorCounts counts the user's factors, the verified ones, and reports
// whether one is already called name.
func (store) FactorCounts(ctx context.Context, c pgrole.Conn, userID, name string) (total, verified int, conflict bool, err error) {
	err = c.QueryRow(ctx, `select count(*), count(*) filter (where status = 'verified'),
		coalesce(bool_or(friendly_name = $2), false) from auth.mfa_factors where user_id = $1`, userID, name).
		Scan(&total, &verified, &conflict)
	return total, verified, conflict, err
}

// CreateChallenge stores a challenge of the factor bound to ip and stamps the
// factor's last_challenged_at.
func (store) CreateChallenge(ctx context.Context, c pgrole.Conn, id, factorID, ip string, now time.Time) error {
	_, err := c.Exec(ctx, `
			with ch as (insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4::inet))
			update auth.mfa_factors set last_challenged_at = $3 where id = $2`, id, factorID, now, ip)
	return err
}

// challengeRow is a challenge as its verification reads it.
type challengeRow struct {
	CreatedAt  time.Time
	VerifiedAt *time.Time
	IP         string
}

// LockChallenge reads challenge id of the factor FOR UPDATE (pgx.ErrNoRows when none).
func (store) LockChallenge(ctx context.Context, c pgrole.Conn, id, factorID string) (challengeRow, error) {
	var ch challengeRow
	err := c.QueryRow(ctx, `select created_at, verified_at, host(ip_address) from auth.mfa_challenges
				where id = $1 and factor_id = $2 for update`, id, factorID).Scan(&ch.CreatedAt, &ch.VerifiedAt, &ch.IP)
	return ch, err
}

// DeleteChallenge removes a challenge (an expired one).
func (store) DeleteChallenge(ctx context.Context, c pgrole.Conn, id string) error {
	_, err := c.Exec(ctx, `delete from auth.mfa_challenges where id = $1`, id)
	return err
}

// LastTOTPStep is the last time step the factor accepted (nil: none yet).
func (store) LastTOTPStep(ctx context.Context, c pgrole.Conn, factorID string) (*int64, error) {
	var used *int64
	err := c.QueryRow(ctx, `select last_totp_step from auth.mfa_factors where id = $1`, factorID).Scan(&used)
	return used, err
}

// SpendTOTPStep records step as the factor's last accepted one, only if it is
// later than the one recorded: false when it is not (a replay). The UPDATE's
// own condition makes the spend atomic whatever locks the caller holds.
func (store) SpendTOTPStep(ctx context.Context, c pgrole.Conn, factorID string, step int64) (bool, error) {
	tag, err := c.Exec(ctx, `update auth.mfa_factors set last_totp_step = $2
		where id = $1 and (last_totp_step is null or last_totp_step < $2)`, factorID, step)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// RaiseSession records a verified challenge in one statement: the factor
// verified, the session aal2 with a "totp" amr claim, the user's other aal1
// sessions and unverified TOTP factors gone, the session's refresh tokens
// replaced by the one hash and nonce stand for.
func (store) RaiseSession(ctx context.Context, c pgrole.Conn, sessionID, userID, factorID, challengeID, hash, nonce string, now time.Time) error {
	_, err := c.Exec(ctx, `
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
		sessionID, factorID, challengeID, now, newID(), userID, hash, nonce)
	return err
}

// DeleteFactor removes a factor and downgrades the sessions it raised (their
// "totp" claim goes, so a refresh signs aal1 again), as GoTrue's
// DowngradeSessionsToAAL1.
func (store) DeleteFactor(ctx context.Context, c pgrole.Conn, factorID string) error {
	_, err := c.Exec(ctx, `
		with s as (select id from auth.sessions where factor_id = $1),
		amr as (delete from auth.mfa_amr_claims where session_id in (select id from s) and authentication_method = 'totp'),
		down as (update auth.sessions set aal = 'aal1', factor_id = null where id in (select id from s))
		delete from auth.mfa_factors where id = $1`, factorID)
	return err
}
