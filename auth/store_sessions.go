package auth

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/jwtauth"
	"casarent/server/pgrole"
)

// The store's sessions: auth.sessions with their refresh tokens and amr claims,
// the OAuth flows waiting for their callback (auth.flow_state), and the rate
// limits' buckets (auth.rate_limits). See store in db.go.

// newSession is what CreateSession writes: the session, its first refresh token
// (stored hash and nonce) and its first amr claim.
type newSession struct {
	ID, UserID  string
	Meta        clientMeta
	Hash, Nonce string
	Method      string
	ClaimID     string
	Now         time.Time
}

// CreateSession creates a session, its first refresh token and amr claim, stamps
// last_sign_in_at, and returns the user as it now is: one statement.
func (store) CreateSession(ctx context.Context, c pgrole.Conn, n newSession) (*user, error) {
	return scanUser(c.QueryRow(ctx, `
		with s as (
			insert into auth.sessions (id, user_id, created_at, updated_at, refreshed_at, aal, user_agent, ip)
			values ($1, $2, $3, $3, $3 at time zone 'utc', 'aal1', $4, $5::inet) returning id),
		rt as (
			insert into auth.refresh_tokens (instance_id, token, nonce, user_id, revoked, created_at, updated_at, session_id)
			select '00000000-0000-0000-0000-000000000000', $6, $7, $10, false, $3, $3, s.id from s),
		amr as (
			insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
			select $8, s.id, $3, $3, $9 from s),
		u as (
			update auth.users set last_sign_in_at = $3 where id = $2 returning *)
		select `+userColumns+` from u`,
		n.ID, n.UserID, n.Now, n.Meta.UserAgent, n.Meta.IP, n.Hash, n.Nonce, n.ClaimID, n.Method, n.UserID))
}

// SessionAMR reads the amr claim of a session, newest first.
func (store) SessionAMR(ctx context.Context, c pgrole.Conn, sessionID string) ([]jwtauth.AMREntry, error) {
	rows, err := c.Query(ctx, `select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at desc`, sessionID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []jwtauth.AMREntry
	for rows.Next() {
		var m string
		var t time.Time
		if err := rows.Scan(&m, &t); err != nil {
			return nil, err
		}
		out = append(out, jwtauth.AMREntry{Method: m, Timestamp: t.Unix()})
	}
	return out, rows.Err()
}

// SessionAAL is a session's assurance level (pgx.ErrNoRows when it is gone).
func (store) SessionAAL(ctx context.Context, c pgrole.Conn, sessionID string) (string, error) {
	var level string
	err := c.QueryRow(ctx, `select aal from auth.sessions where id = $1`, sessionID).Scan(&level)
	return level, err
}

// SessionCreatedAt is when a session signed in (pgx.ErrNoRows when it is gone).
func (store) SessionCreatedAt(ctx context.Context, c pgrole.Conn, sessionID string) (*time.Time, error) {
	var created *time.Time
	err := c.QueryRow(ctx, `select created_at from auth.sessions where id = $1`, sessionID).Scan(&created)
	return created, err
}

// DeleteSession ends one session (its refresh tokens and claims go with it).
func (store) DeleteSession(ctx context.Context, c pgrole.Conn, sessionID string) error {
	_, err := c.Exec(ctx, `delete from auth.sessions where id = $1`, sessionID)
	return err
}

// DeleteOtherSessions ends every session of the user but keep ("" keeps none).
func (store) DeleteOtherSessions(ctx context.Context, c pgrole.Conn, userID, keep string) error {
	_, err := c.Exec(ctx, `delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid`, userID, nullable(keep))
	return err
}

// DeleteUserSessions ends every session of the user.
func (store) DeleteUserSessions(ctx context.Context, c pgrole.Conn, userID string) error {
	_, err := c.Exec(ctx, `delete from auth.sessions where user_id = $1`, userID)
	return err
}

// refreshRow is a refresh token and its session, locked for the rotation.
type refreshRow struct {
	id                     int64
	revoked                bool
	revokedAt, sessCreated time.Time
	sessionID, userID      string
	notAfter               *time.Time
	refreshedAt            *time.Time
}

// SetRotationLockTimeout bounds the wait for a session another refresh holds:
// past 5 s the transaction fails with a lock timeout.
func (store) SetRotationLockTimeout(ctx context.Context, c pgrole.Conn) error {
	_, err := c.Exec(ctx, "set local lock_timeout = '5s'")
	return err
}

// LockRefreshToken reads the token (by its hash) and its session FOR UPDATE
// (pgx.ErrNoRows when unknown).
func (store) LockRefreshToken(ctx context.Context, c pgrole.Conn, hash string) (refreshRow, error) {
	var rt refreshRow
	err := c.QueryRow(ctx, `
		select rt.id, rt.revoked, rt.updated_at, s.id::text, s.user_id::text, s.not_after, s.created_at,
		       s.refreshed_at at time zone 'utc'
		from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
		where rt.token = $1
		for update of s, rt`, hash).
		Scan(&rt.id, &rt.revoked, &rt.revokedAt, &rt.sessionID, &rt.userID, &rt.notAfter, &rt.sessCreated, &rt.refreshedAt)
	return rt, err
}

// RevokeRefreshToken marks a token used.
func (store) RevokeRefreshToken(ctx context.Context, c pgrole.Conn, id int64, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1`, id, now)
	return err
}

// LiveRefreshToken is the nonce and parent of the session's newest live token
// (pgx.ErrNoRows when it has none).
func (store) LiveRefreshToken(ctx context.Context, c pgrole.Conn, sessionID string) (nonce, parent string, err error) {
	err = c.QueryRow(ctx, `select coalesce(nonce, ''), coalesce(parent, '') from auth.refresh_tokens
		where session_id = $1 and revoked = false order by id desc limit 1`, sessionID).Scan(&nonce, &parent)
	return nonce, parent, err
}

// RevokeReusedSession deletes the session of a reused token and writes the
// audit entry GoTrue writes for it.
func (store) RevokeReusedSession(ctx context.Context, c pgrole.Conn, rt refreshRow, ip string, now time.Time) error {
	_, err := c.Exec(ctx, `
			with d as (delete from auth.sessions where id = $1)
			insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
			values ('00000000-0000-0000-0000-000000000000', $2,
			        json_build_object('action', 'token_revoked', 'actor_id', $3::text, 'log_type', 'token',
			                          'traits', json_build_object('reason', 'refresh_token_reuse', 'session_id', $1::text)),
			        $4, $5)`, rt.sessionID, newID(), rt.userID, now, ip)
	return err
}

// CreateChildRefreshToken stores a new token (hash, nonce) of rt's session
// whose parent is the token hashed parent.
func (store) CreateChildRefreshToken(ctx context.Context, c pgrole.Conn, rt refreshRow, hash, nonce, parent string, now time.Time) error {
	_, err := c.Exec(ctx, `insert into auth.refresh_tokens (instance_id, token, nonce, user_id, revoked, created_at, updated_at, parent, session_id)
		values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, false, $4, $4, $5, $6)`,
		hash, nonce, rt.userID, now, parent, rt.sessionID)
	return err
}

// TouchSession stamps a refresh on the session.
func (store) TouchSession(ctx context.Context, c pgrole.Conn, sessionID string, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.sessions set refreshed_at = $2 at time zone 'utc', updated_at = $2 where id = $1`, sessionID, now)
	return err
}

// DeleteFlowStatesBefore removes the flows started before t that nobody finished.
func (store) DeleteFlowStatesBefore(ctx context.Context, c pgrole.Conn, t time.Time) error {
	_, err := c.Exec(ctx, `delete from auth.flow_state where created_at < $1`, t)
	return err
}

// newFlow is the flow /authorize starts; its id is the OAuth state.
type newFlow struct {
	State, Challenge, Method, Provider, RedirectTo, LinkingUserID string
	Now                                                           time.Time
}

// CreateFlowState stores a flow ("" fields as nulls); a flow linking an
// identity to a signed-in user is "identity_linking", any other "oauth".
func (store) CreateFlowState(ctx context.Context, c pgrole.Conn, f newFlow) error {
	_, err := c.Exec(ctx, `insert into auth.flow_state (id, code_challenge, code_challenge_method, provider_type,
				redirect_to, linking_user_id, authentication_method, created_at, updated_at)
			values ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
		f.State, nullable(f.Challenge), nullable(f.Method), f.Provider, f.RedirectTo, nullable(f.LinkingUserID),
		map[bool]string{true: "oauth", false: "identity_linking"}[f.LinkingUserID == ""], f.Now)
	return err
}

// ClaimFlowState marks the flow of a callback's state taken, once and within
// life of its start (pgx.ErrNoRows otherwise).
func (store) ClaimFlowState(ctx context.Context, c pgrole.Conn, state string, now time.Time, life time.Duration) (flowState, error) {
	var f flowState
	err := c.QueryRow(ctx, `update auth.flow_state set updated_at = $2
			where id = $1 and auth_code is null and updated_at = created_at and created_at > $2::timestamptz - $3::interval
			returning id::text, provider_type, redirect_to, code_challenge, code_challenge_method, linking_user_id::text`,
		state, now, life.String()).Scan(&f.ID, &f.Provider, &f.RedirectTo, &f.Challenge, &f.Method, &f.LinkingUserID)
	return f, err
}

// SetFlowAuthCode keeps a PKCE flow's outcome until its code is exchanged.
func (store) SetFlowAuthCode(ctx context.Context, c pgrole.Conn, flowID, userID, code string, toks *providerTokens, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.flow_state set user_id = $2, auth_code = $3, auth_code_issued_at = $4,
				provider_access_token = $5, provider_refresh_token = $6, updated_at = $4 where id = $1`,
		flowID, userID, code, now, toks.AccessToken, nullable(toks.RefreshToken))
	return err
}

// DeleteFlowState removes a finished flow.
func (store) DeleteFlowState(ctx context.Context, c pgrole.Conn, id string) error {
	_, err := c.Exec(ctx, `delete from auth.flow_state where id = $1`, id)
	return err
}

// pkceFlow is a PKCE flow waiting for its code exchange.
type pkceFlow struct {
	ID, UserID, Challenge, Method, AuthMethod string
	ProviderToken, ProviderRefresh            *string
	Issued                                    time.Time
}

// LockFlowByAuthCode reads the flow holding code FOR UPDATE (pgx.ErrNoRows when none).
func (store) LockFlowByAuthCode(ctx context.Context, c pgrole.Conn, code string) (pkceFlow, error) {
	var f pkceFlow
	err := c.QueryRow(ctx, `select id::text, user_id::text, code_challenge, code_challenge_method, authentication_method,
				provider_access_token, provider_refresh_token, auth_code_issued_at
			from auth.flow_state where auth_code = $1 and user_id is not null for update`, code).
		Scan(&f.ID, &f.UserID, &f.Challenge, &f.Method, &f.AuthMethod, &f.ProviderToken, &f.ProviderRefresh, &f.Issued)
	return f, err
}

// TakeRateToken removes one token from the bucket key (capacity n, refilled at
// perSec a second) and reports whether there was one: one statement, atomic
// per key, in a round trip of its own.
func (s store) TakeRateToken(ctx context.Context, ses pgrole.Session, key string, n, perSec float64, now time.Time) (bool, error) {
	var allowed bool
	err := pgrole.Query(ctx, s.pool, ses, false, `
		insert into auth.rate_limits as b (key, tokens, allowed, updated_at) values ($1, $2 - 1, true, $4)
		on conflict (key) do update set
			tokens = case when least($2, b.tokens + greatest(0, extract(epoch from ($4 - b.updated_at))) * $3) >= 1
			              then least($2, b.tokens + greatest(0, extract(epoch from ($4 - b.updated_at))) * $3) - 1
			              else least($2, b.tokens + greatest(0, extract(epoch from ($4 - b.updated_at))) * $3) end,
			allowed = least($2, b.tokens + greatest(0, extract(epoch from ($4 - b.updated_at))) * $3) >= 1,
			updated_at = greatest(b.updated_at, $4)
		returning allowed`, []any{key, n, perSec, now}, func(rows pgx.Rows) error {
		if rows.Next() {
			return rows.Scan(&allowed)
		}
		return nil
	})
	return allowed, err
}

// DeleteIdleBuckets forgets the buckets untouched since before.
func (s store) DeleteIdleBuckets(ctx context.Context, ses pgrole.Session, before time.Time) error {
	return pgrole.Query(ctx, s.pool, ses, false, `delete from auth.rate_limits where updated_at < $1`, []any{before},
		func(pgx.Rows) error { return nil })
}

// DeleteBucket forgets one bucket (it starts full again).
func (s store) DeleteBucket(ctx context.Context, ses pgrole.Session, key string) error {
	return pgrole.Query(ctx, s.pool, ses, false, `delete from auth.rate_limits where key = $1`, []any{key}, func(pgx.Rows) error { return nil })
}

// GiveBackRateToken returns one token to the bucket key, never above n.
func (s store) GiveBackRateToken(ctx context.Context, ses pgrole.Session, key string, n float64) error {
	return pgrole.Query(ctx, s.pool, ses, false, `update auth.rate_limits set tokens = least($2, tokens + 1) where key = $1`, []any{key, n},
		func(pgx.Rows) error { return nil })
}
