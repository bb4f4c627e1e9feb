package auth

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/pgrole"
)

// user is one auth.users row with the columns this package uses.
type user struct {
	ID                       string
	Aud, Role                string
	Email                    string
	EncryptedPassword        string
	EmailConfirmedAt         *time.Time
	InvitedAt                *time.Time
	ConfirmationToken        string
	ConfirmationSentAt       *time.Time
	RecoveryToken            string
	RecoverySentAt           *time.Time
	EmailChangeTokenNew      string
	EmailChange              string
	EmailChangeSentAt        *time.Time
	EmailChangeTokenCurrent  string
	EmailChangeConfirmStatus int16
	LastSignInAt             *time.Time
	AppMetadata              map[string]any
	UserMetadata             map[string]any
	Phone                    string
	PhoneConfirmedAt         *time.Time
	ConfirmedAt              *time.Time
	BannedUntil              *time.Time
	IsAnonymous              bool
	DeletedAt                *time.Time
	CreatedAt, UpdatedAt     time.Time
	Identities               []identity
	Factors                  []factor // GoTrue's "factors", left out when there is none
}

type identity struct {
	IdentityID   string         `json:"identity_id"`
	ID           string         `json:"id"`
	UserID       string         `json:"user_id"`
	IdentityData map[string]any `json:"identity_data"`
	Provider     string         `json:"provider"`
	LastSignInAt *time.Time     `json:"last_sign_in_at"`
	CreatedAt    time.Time      `json:"created_at"`
	UpdatedAt    time.Time      `json:"updated_at"`
	Email        string         `json:"email,omitempty"`
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

// userByID loads a user (nil, errNoUser when absent or soft-deleted).
func userByID(ctx context.Context, c pgrole.Conn, id string, lock bool) (*user, error) {
	return userWhere(ctx, c, `u.id = $1`, id, lock)
}

// userByEmail loads a user by address, case-insensitively.
func userByEmail(ctx context.Context, c pgrole.Conn, email string, lock bool) (*user, error) {
	return userWhere(ctx, c, `lower(u.email) = lower($1) and u.is_sso_user = false`, email, lock)
}

// userWhere loads the live user matching cond on $1 (locked when lock).
func userWhere(ctx context.Context, c pgrole.Conn, cond string, arg any, lock bool) (*user, error) {
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

func (u *user) emailConfirmed() bool { return u.EmailConfirmedAt != nil }

func (u *user) banned(now time.Time) bool { return u.BannedUntil != nil && u.BannedUntil.After(now) }

// MarshalJSON is GoTrue's User object: empty strings rather than nulls for
// email and phone, optional timestamps left out when unset.
func (u *user) MarshalJSON() ([]byte, error) {
	out := map[string]any{
		"id":            u.ID,
		"aud":           u.Aud,
		"role":          u.Role,
		"email":         u.Email,
		"phone":         u.Phone,
		"app_metadata":  u.AppMetadata,
		"user_metadata": u.UserMetadata,
		"identities":    nonNilIdentities(u.Identities),
		"created_at":    u.CreatedAt,
		"updated_at":    u.UpdatedAt,
		"is_anonymous":  u.IsAnonymous,
	}
	opt := func(k string, t *time.Time) {
		if t != nil {
			out[k] = *t
		}
	}
	opt("email_confirmed_at", u.EmailConfirmedAt)
	opt("phone_confirmed_at", u.PhoneConfirmedAt)
	opt("confirmed_at", u.ConfirmedAt)
	opt("confirmation_sent_at", u.ConfirmationSentAt)
	opt("recovery_sent_at", u.RecoverySentAt)
	opt("email_change_sent_at", u.EmailChangeSentAt)
	opt("invited_at", u.InvitedAt)
	opt("last_sign_in_at", u.LastSignInAt)
	opt("banned_until", u.BannedUntil)
	opt("deleted_at", u.DeletedAt)
	if u.EmailChange != "" {
		out["new_email"] = u.EmailChange
	}
	if len(u.Factors) > 0 {
		out["factors"] = u.Factors
	}
	return json.Marshal(out)
}

func nonNilIdentities(in []identity) []identity {
	if in == nil {
		return []identity{}
	}
	return in
}

// normalizeEmail trims and lower-cases an address (GoTrue stores them lower-case).
func normalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// validEmail is GoTrue's loose check: one @, something on both sides, a dot in
// the domain, no spaces, at most 255 characters.
func validEmail(s string) bool {
	if len(s) == 0 || len(s) > 255 || strings.ContainsAny(s, " \t\r\n<>()[],;:\\\"") {
		return false
	}
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || domain == "" || strings.Contains(domain, "@") {
		return false
	}
	dot := strings.LastIndexByte(domain, '.')
	return dot > 0 && dot < len(domain)-1 && !strings.Contains(domain, "..")
}

// insertUser creates an email user and its identity. The profiles trigger of the
// app fires on this insert, which is why users are never written around it.
type newUser struct {
	ID           string
	Email        string
	PasswordHash string // "" = no password (invite, magic link)
	Confirmed    bool
	Invited      bool
	UserMeta     map[string]any
	AppMeta      map[string]any
	Role         string
	BannedUntil  *time.Time
	// AdminCreated: user_metadata is only what the caller sent. GoTrue's admin
	// API (createUser, inviteUserByEmail, generateLink) keeps the identity's data
	// (sub, email, email_verified, phone_verified) in identities alone; its public
	// sign-up flows (signUp, signInWithOtp) copy it into user_metadata as well.
	AdminCreated bool
}

func insertUser(ctx context.Context, c pgrole.Conn, n newUser, now time.Time) (*user, error) {
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
	return userByID(ctx, c, n.ID, false)
}

// markEmailVerified records a confirmed address in the metadata copies GoTrue keeps.
func markEmailVerified(ctx context.Context, c pgrole.Conn, userID string) error {
	_, err := c.Exec(ctx, `
		with i as (
			update auth.identities set identity_data = identity_data || '{"email_verified": true}'
			where user_id = $1 and provider = 'email')
		update auth.users set raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'
		where id = $1 and raw_user_meta_data ? 'email_verified'`, userID)
	return err
}
