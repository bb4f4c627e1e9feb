package auth

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/pgrole"
)

// The store's users: auth.users and their identities (auth.identities). See
// store in db.go. No user row is written around these statements: the
// profiles trigger of the app fires on the insert into auth.users.

// rowQuerier runs a statement that returns at most one row: a transaction's
// pgrole.Conn, or the round trip of its own that Once gives.
type rowQuerier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Once runs each statement handed to it in a transaction of its own as ses,
// in one round trip (pgrole.Query); a missing row is pgx.ErrNoRows.
func (s store) Once(ses pgrole.Session) rowQuerier { return onceQuerier{s.pool, ses} }

type onceQuerier struct {
	pool *pgxpool.Pool
	ses  pgrole.Session
}

func (q onceQuerier) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return onceRow{ctx: ctx, q: q, sql: sql, args: args}
}

type onceRow struct {
	ctx  context.Context
	q    onceQuerier
	sql  string
	args []any
}

func (r onceRow) Scan(dest ...any) error {
	found := false
	err := pgrole.Query(r.ctx, r.q.pool, r.q.ses, false, r.sql, r.args, func(rows pgx.Rows) error {
		if !rows.Next() {
			return nil
		}
		found = true
		return rows.Scan(dest...)
	})
	if err == nil && !found {
		return pgx.ErrNoRows
	}
	return err
}

// userColumns is the select list scanned by scanUser; "u" is auth.users. The
// identities come along as one JSON array so a user is always one round trip.
const userColumns = `u.id::text, coalesce(u.aud, ''), coalesce(u.role, ''), coalesce(u.email, ''),
	coalesce(u.encrypted_password, ''), u.email_confirmed_at, u.invited_at,
	coalesce(u.confirmation_token, ''), u.confirmation_sent_at, coalesce(u.recovery_token, ''), u.recovery_sent_at,
	coalesce(u.email_change_token_new, ''), coalesce(u.email_change, ''), u.email_change_sent_at,
	coalesce(u.email_change_token_current, ''), coalesce(u.email_change_confirm_status, 0),
	u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data, coalesce(u.phone, ''), u.phone_confirmed_at,
	u.confirmed_at, u.banned_until, u.is_anonymous, u.deleted_at, u.created_at, u.updated_at,
	coalesce((select json_agg(json_build_object(
		'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
		'provider', i.provider, 'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
		'updated_at', i.updated_at, 'email', i.email) order by i.created_at)
		from auth.identities i where i.user_id = u.id), '[]'),
	coalesce((select json_agg(` + factorJSON + ` order by f.created_at)
		from auth.mfa_factors f where f.user_id = u.id), '[]')`

func scanUser(row pgx.Row) (*user, error) {
	u := &user{}
	var idents, factors []byte
	err := row.Scan(&u.ID, &u.Aud, &u.Role, &u.Email, &u.EncryptedPassword, &u.EmailConfirmedAt, &u.InvitedAt,
		&u.ConfirmationToken, &u.ConfirmationSentAt, &u.RecoveryToken, &u.RecoverySentAt,
		&u.EmailChangeTokenNew, &u.EmailChange, &u.EmailChangeSentAt, &u.EmailChangeTokenCurrent, &u.EmailChangeConfirmStatus,
		&u.LastSignInAt, &u.AppMetadata, &u.UserMetadata, &u.Phone, &u.PhoneConfirmedAt,
		&u.ConfirmedAt, &u.BannedUntil, &u.IsAnonymous, &u.DeletedAt, &u.CreatedAt, &u.UpdatedAt, &idents, &factors)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(idents, &u.Identities); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(factors, &u.Factors); err != nil {
		return nil, err
	}
	if u.AppMetadata == nil {
		u.AppMetadata = map[string]any{}
	}
	if u.UserMetadata == nil {
		u.UserMetadata = map[string]any{}
	}
	return u, nil
}

var errNoUser = errors.New("auth: no such user")

// UserByID loads a user (nil, errNoUser when absent or soft-deleted).
func (s store) UserByID(ctx context.Context, c rowQuerier, id string, lock bool) (*user, error) {
	return s.userWhere(ctx, c, `u.id = $1`, id, lock)
}

// UserByEmail loads a user by address, case-insensitively (the password
// grant reads it through Once, holding no connection while it compares).
func (s store) UserByEmail(ctx context.Context, c rowQuerier, email string, lock bool) (*user, error) {
	return s.userWhere(ctx, c, `lower(u.email) = lower($1) and u.is_sso_user = false`, email, lock)
}

// userWhere loads the live user matching cond on $1 (locked when lock).
func (s store) userWhere(ctx context.Context, c rowQuerier, cond string, arg any, lock bool) (*user, error) {
	q := `select ` + userColumns + ` from auth.users u where ` + cond + ` and u.deleted_at is null`
	if lock {
		q += ` for update of u`
	}
	u, err := scanUser(c.QueryRow(ctx, q, arg))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNoUser
	}
	return u, err
}

func (s store) CreateUser(ctx context.Context, c pgrole.Conn, n newUser, now time.Time) (*user, error) {
	if n.ID == "" {
		n.ID = newID()
	}
	if n.Role == "" {
		n.Role = "authenticated"
	}
	userMeta := map[string]any{}
	maps.Copy(userMeta, n.UserMeta)
	identityData := map[string]any{"sub": n.ID, "email": n.Email, "email_verified": n.Confirmed, "phone_verified": false}
	if !n.AdminCreated {
		maps.Copy(userMeta, identityData)
	}
	appMeta := map[string]any{}
	maps.Copy(appMeta, n.AppMeta)
	appMeta["provider"] = "email"
	appMeta["providers"] = []string{"email"}
	var confirmedAt, invitedAt *time.Time
	if n.Confirmed {
		confirmedAt = &now
	}
	if n.Invited {
		invitedAt = &now
	}
	var pw *string
	if n.PasswordHash != "" {
		pw = &n.PasswordHash
	}
	_, err := c.Exec(ctx, `
		with u as (
			insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
				raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at,
				confirmation_token, recovery_token, email_change_token_new, email_change)
			values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, '', '', '', '')
			returning id)
		insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
		select u.id::text, u.id, $11, 'email', $10, $10 from u`,
		n.ID, n.Role, n.Email, pw, confirmedAt, invitedAt, appMeta, userMeta, n.BannedUntil, now, identityData)
	if err != nil {
		if isUniqueViolation(err, "users_email_partial_key") {
			return nil, unprocessable("email_exists", "A user with this email address has already been registered")
		}
		if isUniqueViolation(err, "users_pkey") {
			return nil, unprocessable("user_already_exists", "A user with this id already exists")
		}
		return nil, err
	}
	return s.UserByID(ctx, c, n.ID, false)
}

// MarkEmailVerified records a confirmed address in the metadata copies GoTrue keeps.
func (s store) MarkEmailVerified(ctx context.Context, c pgrole.Conn, userID string) error {
	_, err := c.Exec(ctx, `
		with i as (
			update auth.identities set identity_data = identity_data || '{"email_verified": true}'
			where user_id = $1 and provider = 'email')
		update auth.users set raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'
		where id = $1 and raw_user_meta_data ? 'email_verified'`, userID)
	return err
}

// ConfirmEmail clears the used token (set is a fixed assignment, never input)
// and marks the address confirmed.
func (s store) ConfirmEmail(ctx context.Context, c pgrole.Conn, userID, set string, now time.Time) error {
	if _, err := c.Exec(ctx, `update auth.users set `+set+`, email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2 where id = $1`, userID, now); err != nil {
		return err
	}
	return s.MarkEmailVerified(ctx, c, userID)
}

// ApplyEmailChange makes the pending address the user's address.
func (s store) ApplyEmailChange(ctx context.Context, c pgrole.Conn, userID string, now time.Time) error {
	_, err := c.Exec(ctx, `
		with u as (
			update auth.users set email = lower(email_change), email_change = '', email_change_token_new = '',
				email_change_token_current = '', email_change_confirm_status = 0,
				email_confirmed_at = $2, updated_at = $2, is_anonymous = false,
				raw_user_meta_data = case when raw_user_meta_data ? 'email'
					then raw_user_meta_data || jsonb_build_object('email', lower(email_change), 'email_verified', true)
					else raw_user_meta_data end
			where id = $1 and coalesce(email_change, '') <> ''
			returning id, email)
		update auth.identities i set identity_data = i.identity_data || jsonb_build_object('email', u.email, 'email_verified', true), updated_at = $2
		from u where i.user_id = u.id and i.provider = 'email'`, userID, now)
	if isUniqueViolation(err, "users_email_partial_key") {
		return unprocessable("email_exists", "A user with this email address has already been registered")
	}
	if err != nil {
		return err
	}
	return s.ensureEmailIdentity(ctx, c, userID, now)
}

// ensureEmailIdentity gives a user who confirmed an address without having an
// email identity (a guest, an OAuth user) one, and lists it in
// app_metadata.providers, as GoTrue does when it confirms an email change.
func (s store) ensureEmailIdentity(ctx context.Context, c pgrole.Conn, userID string, now time.Time) error {
	_, err := c.Exec(ctx, `
		with i as (
			insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
			select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true,
				'phone_verified', false), 'email', $2, $2
			from auth.users u
			where u.id = $1 and u.email is not null
				and not exists (select 1 from auth.identities x where x.user_id = u.id and x.provider = 'email')
			returning user_id)
		update auth.users u set raw_app_meta_data = u.raw_app_meta_data || jsonb_build_object('providers',
			(select jsonb_agg(p order by p) from (
				select distinct provider p from auth.identities where user_id = u.id
				union select 'email') ps))
		from i where u.id = i.user_id`, userID, now)
	return err
}

// MergeUserMetadata applies data to user_metadata: keys set, null values removed.
func (s store) MergeUserMetadata(ctx context.Context, c pgrole.Conn, userID string, data map[string]any, now time.Time) error {
	set := map[string]any{}
	var drop []string
	for k, v := range data {
		if v == nil {
			drop = append(drop, k)
		} else {
			set[k] = v
		}
	}
	if drop == nil {
		drop = []string{}
	}
	_, err := c.Exec(ctx, `update auth.users set raw_user_meta_data = (raw_user_meta_data || $2::jsonb) - $3::text[], updated_at = $4 where id = $1`,
		userID, set, drop, now)
	return err
}

// EmailFromIdentities keeps the user's address only while one of its
// identities has it, as GoTrue: else the address becomes that of the remaining
// identity the provider verified (then an unverified one, then none), every
// pending link and code is voided (they were sent for the old address), and
// an address nobody verified is unconfirmed unless MAILER_AUTOCONFIRM.
func (s store) EmailFromIdentities(ctx context.Context, c pgrole.Conn, userID string, now time.Time, autoconfirm bool) error {
	_, err := c.Exec(ctx, `
		with pick as (
			select i.email, coalesce((i.identity_data ->> 'email_verified')::boolean, false) as verified
			from auth.identities i where i.user_id = $1
			order by i.email is null, coalesce((i.identity_data ->> 'email_verified')::boolean, false) desc, i.created_at
			limit 1)
		update auth.users u set email = pick.email, updated_at = $2,
			confirmation_token = '', confirmation_sent_at = null, recovery_token = '', recovery_sent_at = null,
			email_change = '', email_change_token_new = '', email_change_token_current = '', email_change_sent_at = null,
			email_change_confirm_status = 0, reauthentication_token = '', reauthentication_sent_at = null,
			email_confirmed_at = case when pick.email is null or (not pick.verified and not $3) then null else u.email_confirmed_at end,
			raw_user_meta_data = case when pick.email is null or (not pick.verified and not $3)
				then u.raw_user_meta_data || '{"email_verified": false}' else u.raw_user_meta_data end
		from pick
		where u.id = $1 and u.email is distinct from pick.email
			and not exists (select 1 from auth.identities x where x.user_id = $1 and x.email = lower(u.email))`,
		userID, now, autoconfirm)
	if isUniqueViolation(err, "users_email_partial_key") {
		return unprocessable("email_exists", "A user with this email address has already been registered")
	}
	return err
}

// AddIdentity stores the provider's identity of userID and lists the provider
// in the user's app_metadata.providers.
func (s store) AddIdentity(ctx context.Context, c pgrole.Conn, userID, provider string, pu *providerUser, now time.Time) error {
	_, err := c.Exec(ctx, `
		with i as (
			insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
			values ($2, $1, $3, $4, $5, $5, $5) returning user_id)
		update auth.users u set updated_at = $5, raw_app_meta_data = u.raw_app_meta_data || jsonb_build_object('providers',
			(select jsonb_agg(p order by p) from (
				select distinct provider p from auth.identities where user_id = u.id union select $4::text) ps))
		from i where u.id = i.user_id`, userID, pu.ID, pu.Data, provider, now)
	if isUniqueViolation(err, "identities_provider_id_provider_key") {
		return unprocessable("identity_already_exists", "Identity is already linked to another user")
	}
	return err
}

// SetEmailConfirmed confirms the user's email, or takes the confirmation back.
func (s store) SetEmailConfirmed(ctx context.Context, c pgrole.Conn, id string, confirm bool, now time.Time) error {
	if confirm {
		return s.ConfirmEmail(ctx, c, id, "confirmation_token = ''", now)
	}
	_, err := c.Exec(ctx, `update auth.users set email_confirmed_at = null, updated_at = $2 where id = $1`, id, now)
	return err
}

// SetBannedUntil sets banned_until (nil lifts the ban).
func (store) SetBannedUntil(ctx context.Context, c pgrole.Conn, id string, ban *time.Time, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set banned_until = $2, updated_at = $3 where id = $1`, id, ban, now)
	return err
}

// scanUserWith scans userColumns followed by extra columns.
func scanUserWith(rows pgx.Rows, extra ...any) (*user, error) {
	return scanUser(rowWithExtra{rows, extra})
}

type rowWithExtra struct {
	rows  pgx.Rows
	extra []any
}

func (r rowWithExtra) Scan(dest ...any) error {
	return r.rows.Scan(append(dest, r.extra...)...)
}

// TokenUser locks the user holding the stored token in one of the
// token columns cols (and, when email is given, sent to that address); nil when none.
func (s store) TokenUser(ctx context.Context, c pgrole.Conn, cols []string, stored, email string) (*user, string, error) {
	for _, col := range cols {
		q := `select ` + userColumns + ` from auth.users u where u.` + col + ` = $1 and u.deleted_at is null`
		args := []any{stored}
		if email != "" {
			if col == "email_change_token_new" {
				q += ` and lower(u.email_change) = $2`
			} else {
				q += ` and lower(u.email) = $2`
			}
			args = append(args, email)
		}
		found, err := scanUser(c.QueryRow(ctx, q+` for update of u`, args...))
		if errors.Is(err, pgx.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, "", err
		}
		return found, col, nil
	}
	return nil, "", nil
}

// CallerUser loads the live user of an access token and whether its session
// (sid; nil: a token without one) still exists.
func (store) CallerUser(ctx context.Context, c pgrole.Conn, userID string, sid *string, lock bool) (*user, bool, error) {
	q := `select ` + userColumns + `, ($2::uuid is null or exists (select 1 from auth.sessions s where s.id = $2::uuid and s.user_id = u.id))
		from auth.users u where u.id = $1 and u.deleted_at is null`
	if lock {
		q += ` for update of u`
	}
	var u *user
	var hasSession bool
	rows, err := c.Query(ctx, q, userID, sid)
	if err != nil {
		return nil, false, err
	}
	if rows.Next() {
		u, err = scanUserWith(rows, &hasSession)
	}
	rows.Close()
	if err == nil {
		err = rows.Err()
	}
	return u, hasSession, err
}

// CountUsers counts the live users.
func (store) CountUsers(ctx context.Context, c pgrole.Conn) (int64, error) {
	var total int64
	err := c.QueryRow(ctx, `select count(*) from auth.users where deleted_at is null`).Scan(&total)
	return total, err
}

// ListUsers is a page of the live users, newest first.
func (store) ListUsers(ctx context.Context, c pgrole.Conn, limit, offset int) ([]*user, error) {
	rows, err := c.Query(ctx, `select `+userColumns+` from auth.users u where u.deleted_at is null
			order by u.created_at desc, u.id limit $1 offset $2`, limit, offset)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (*user, error) { return scanUser(row) })
}

// PendingEmailChangeUser locks the user with a pending email change to or
// from email (pgx.ErrNoRows when none).
func (store) PendingEmailChangeUser(ctx context.Context, c pgrole.Conn, email string) (*user, error) {
	return scanUser(c.QueryRow(ctx, `select `+userColumns+` from auth.users u
			where (lower(u.email_change) = $1 or lower(u.email) = $1) and coalesce(u.email_change, '') <> ''
			  and u.deleted_at is null for update of u`, email))
}

// CreateAnonymousUser makes a guest: no address, no identity.
func (store) CreateAnonymousUser(ctx context.Context, c pgrole.Conn, id string, data map[string]any, now time.Time) error {
	_, err := c.Exec(ctx, `
			insert into auth.users (instance_id, id, aud, role, is_anonymous, raw_app_meta_data, raw_user_meta_data,
				created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
			values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', true,
				'{"provider": "anonymous", "providers": ["anonymous"]}', $2, $3, $3, '', '', '', '')`,
		id, data, now)
	return err
}

// SetConfirmationToken stores a new sign-up confirmation token (its hash).
func (store) SetConfirmationToken(ctx context.Context, c pgrole.Conn, id, stored string, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set confirmation_token = $2, confirmation_sent_at = $3, updated_at = $3 where id = $1`,
		id, stored, now)
	return err
}

// SetInviteToken stores an invitation's confirmation token; invited_at keeps the first invitation.
func (store) SetInviteToken(ctx context.Context, c pgrole.Conn, id, stored string, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set confirmation_token = $2, confirmation_sent_at = $3,
		invited_at = coalesce(invited_at, $3), updated_at = $3 where id = $1`, id, stored, now)
	return err
}

// SetRecoveryToken stores a new recovery (or magic link) token.
func (store) SetRecoveryToken(ctx context.Context, c pgrole.Conn, id, stored string, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set recovery_token = $2, recovery_sent_at = $3, updated_at = $3 where id = $1`,
		id, stored, now)
	return err
}

// SetEmailChangeTokens records a pending change to newEmail with the tokens of
// both sides ("" for a side not asked to confirm).
func (store) SetEmailChangeTokens(ctx context.Context, c pgrole.Conn, id, newEmail, tokNew, tokCur string, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
		email_change_confirm_status = 0, email_change_sent_at = $5, updated_at = $5 where id = $1`,
		id, newEmail, tokNew, tokCur, now)
	return err
}

// SetEmailChangeLink records a pending change to newEmail with the token of
// one side: the new address's when isNew, else the current one's.
func (store) SetEmailChangeLink(ctx context.Context, c pgrole.Conn, id, newEmail, stored string, isNew bool, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set email_change = $2,
		email_change_token_new = case when $5 then $3 else '' end,
		email_change_token_current = case when $5 then '' else $3 end,
		email_change_confirm_status = 0, email_change_sent_at = $4, updated_at = $4 where id = $1`, id, newEmail, stored, now, isNew)
	return err
}

// ConfirmEmailChangeSide clears the token of one side (column, a fixed name,
// never input) of a secure email change whose other side is still pending.
func (store) ConfirmEmailChangeSide(ctx context.Context, c pgrole.Conn, id, column string, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set `+column+` = '', email_change_confirm_status = 1, updated_at = $2 where id = $1`, id, now)
	return err
}

// SetEmailChange records newEmail as pending, without tokens (applied at once).
func (store) SetEmailChange(ctx context.Context, c pgrole.Conn, id, email string) error {
	_, err := c.Exec(ctx, `update auth.users set email_change = $2 where id = $1`, id, email)
	return err
}

// EmailHeldByOther reports whether a user other than id has the address.
func (store) EmailHeldByOther(ctx context.Context, c pgrole.Conn, email, id string) (bool, error) {
	var taken bool
	err := c.QueryRow(ctx, `select exists (select 1 from auth.users where lower(email) = $1 and id <> $2)`, email, id).Scan(&taken)
	return taken, err
}

// EmailHeldByOtherNonSSO reports whether a user other than id, not an SSO
// user, has the address.
func (store) EmailHeldByOtherNonSSO(ctx context.Context, c pgrole.Conn, email, id string) (bool, error) {
	var taken bool
	err := c.QueryRow(ctx, `select exists (select 1 from auth.users where lower(email) = $1 and id <> $2 and is_sso_user = false)`, email, id).Scan(&taken)
	return taken, err
}

// SetPassword stores a new password hash.
func (store) SetPassword(ctx context.Context, c pgrole.Conn, id, hash string, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set encrypted_password = $2, updated_at = $3 where id = $1`, id, hash, now)
	return err
}

// SetPasswordEndingSessions stores a new password hash and ends every session
// of the user, in one statement.
func (store) SetPasswordEndingSessions(ctx context.Context, c pgrole.Conn, id, hash string, now time.Time) error {
	_, err := c.Exec(ctx, `
				with s as (delete from auth.sessions where user_id = $1)
				update auth.users set encrypted_password = $2, updated_at = $3 where id = $1`, id, hash, now)
	return err
}

// MergeAppMetadata sets the keys of data in app_metadata.
func (store) MergeAppMetadata(ctx context.Context, c pgrole.Conn, id string, data map[string]any, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set raw_app_meta_data = raw_app_meta_data || $2::jsonb, updated_at = $3 where id = $1`, id, data, now)
	return err
}

// SoftDeleteUser keeps the row (deleted_at, address obfuscated so it can be
// registered again) and removes its sessions and identities.
func (store) SoftDeleteUser(ctx context.Context, c pgrole.Conn, id string, now time.Time) error {
	_, err := c.Exec(ctx, `
				with s as (delete from auth.sessions where user_id = $1),
				i as (delete from auth.identities where user_id = $1)
				update auth.users set deleted_at = $2, updated_at = $2, encrypted_password = '',
					email = 'deleted-' || id::text || '@deleted.invalid', phone = null,
					confirmation_token = '', recovery_token = '', email_change_token_new = '', email_change_token_current = '',
					email_change = '', raw_user_meta_data = '{}'
				where id = $1`, id, now)
	return err
}

// DeleteUser removes the row (its profile follows by ON DELETE CASCADE).
func (store) DeleteUser(ctx context.Context, c pgrole.Conn, id string) error {
	_, err := c.Exec(ctx, `delete from auth.users where id = $1`, id)
	return err
}

// ReauthenticationSentAt is when the user's last reauthentication nonce was sent.
func (store) ReauthenticationSentAt(ctx context.Context, c pgrole.Conn, id string) (*time.Time, error) {
	var sentAt *time.Time
	err := c.QueryRow(ctx, `select reauthentication_sent_at from auth.users where id = $1`, id).Scan(&sentAt)
	return sentAt, err
}

// SetReauthenticationToken stores a new reauthentication nonce (its hash).
func (store) SetReauthenticationToken(ctx context.Context, c pgrole.Conn, id, stored string, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set reauthentication_token = $2, reauthentication_sent_at = $3 where id = $1`,
		id, stored, now)
	return err
}

// ReauthenticationToken is the stored nonce ("" when none) and when it was sent.
func (store) ReauthenticationToken(ctx context.Context, c pgrole.Conn, id string) (string, *time.Time, error) {
	var stored string
	var sentAt *time.Time
	err := c.QueryRow(ctx, `select coalesce(reauthentication_token, ''), reauthentication_sent_at from auth.users where id = $1`,
		id).Scan(&stored, &sentAt)
	return stored, sentAt, err
}

// ClearReauthenticationToken spends the nonce.
func (store) ClearReauthenticationToken(ctx context.Context, c pgrole.Conn, id string) error {
	_, err := c.Exec(ctx, `update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, id)
	return err
}

// SignInKnownIdentity refreshes a known identity's data and its user's
// user_metadata and returns the user's id (pgx.ErrNoRows when the identity is new).
func (store) SignInKnownIdentity(ctx context.Context, c pgrole.Conn, provider string, pu *providerUser, now time.Time) (string, error) {
	var uid string
	err := c.QueryRow(ctx, `
		with i as (
			update auth.identities set identity_data = $3, last_sign_in_at = $4, updated_at = $4
			where provider = $1 and provider_id = $2 returning user_id)
		update auth.users u set raw_user_meta_data = u.raw_user_meta_data || $3::jsonb, updated_at = $4
		from i where u.id = i.user_id returning u.id::text`, provider, pu.ID, pu.Data, now).Scan(&uid)
	return uid, err
}

// SetEmailConfirmedAt confirms the address (updated_at left as it was).
func (store) SetEmailConfirmedAt(ctx context.Context, c pgrole.Conn, id string, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set email_confirmed_at = $2 where id = $1`, id, now)
	return err
}

// ConfirmRemovingPassword confirms the address and removes the password set
// before anybody proved it.
func (store) ConfirmRemovingPassword(ctx context.Context, c pgrole.Conn, id string, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set encrypted_password = '', email_confirmed_at = $2, updated_at = $2 where id = $1`,
		id, now)
	return err
}

// CreateOAuthUser makes the account of a provider's first sign-in (its
// identity is AddIdentity's).
func (store) CreateOAuthUser(ctx context.Context, c pgrole.Conn, uid, provider string, pu *providerUser, confirmedAt *time.Time, now time.Time) error {
	_, err := c.Exec(ctx, `
		insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
			created_at, updated_at, confirmation_token, recovery_token, email_change_token_new, email_change)
		values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
			jsonb_build_object('provider', $4::text, 'providers', jsonb_build_array($4::text)), $5, $6, $6, '', '', '', '')`,
		uid, nullable(pu.Email), confirmedAt, provider, pu.Data, now)
	return err
}

// IdentityOwner is the user holding the provider's identity (pgx.ErrNoRows when none).
func (store) IdentityOwner(ctx context.Context, c pgrole.Conn, provider, providerID string) (string, error) {
	var owner string
	err := c.QueryRow(ctx, `select user_id::text from auth.identities where provider = $1 and provider_id = $2`, provider, providerID).Scan(&owner)
	return owner, err
}

// RefreshIdentity stores the provider's fresh data of a known identity.
func (store) RefreshIdentity(ctx context.Context, c pgrole.Conn, provider string, pu *providerUser, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.identities set identity_data = $3, last_sign_in_at = $4, updated_at = $4
			where provider = $1 and provider_id = $2`, provider, pu.ID, pu.Data, now)
	return err
}

// EndAnonymous makes a guest a permanent user.
func (store) EndAnonymous(ctx context.Context, c pgrole.Conn, id string, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set is_anonymous = false, updated_at = $2 where id = $1 and is_anonymous`, id, now)
	return err
}

// AdoptVerifiedEmail gives a user without an address the verified email,
// when nobody else holds it.
func (store) AdoptVerifiedEmail(ctx context.Context, c pgrole.Conn, id, email string, now time.Time) error {
	_, err := c.Exec(ctx, `update auth.users set email = $2, email_confirmed_at = $3, updated_at = $3
			where id = $1 and email is null
				and not exists (select 1 from auth.users o where lower(o.email) = $2 and o.is_sso_user = false)`, id, email, now)
	return err
}

// UnlinkIdentity removes one of the user's identities; app_metadata follows:
// providers lists the remaining ones, and provider becomes one of them if it
// named the unlinked one (provider).
func (store) UnlinkIdentity(ctx context.Context, c pgrole.Conn, userID, identityID, provider string, now time.Time) error {
	_, err := c.Exec(ctx, `
			with d as (delete from auth.identities where id = $2 and user_id = $1 returning user_id),
			rest as (select provider from auth.identities where user_id = $1 and id <> $2)
			update auth.users u set updated_at = $3, raw_app_meta_data = u.raw_app_meta_data || jsonb_build_object(
				'providers', (select jsonb_agg(distinct provider) from rest),
				'provider', case when u.raw_app_meta_data ->> 'provider' = $4
					then (select min(provider) from rest) else u.raw_app_meta_data ->> 'provider' end)
			from d where u.id = d.user_id`, userID, identityID, now, provider)
	return err
}
