package auth

import (
	"encoding/json"
	"strings"
	"time"
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

// newUser is the email user store.CreateUser makes, with its identity.
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
