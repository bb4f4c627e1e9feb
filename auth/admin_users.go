package auth

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

func errUserNotFound() *apiError {
	return &apiError{Status: http.StatusNotFound, Code: "user_not_found", Msg: "User not found"}
}

// writeAdminUser ends a /admin/users/{id} handler: an unknown (or deleted)
// id is 404 user_not_found, any other error passes through, else 200 body.
func writeAdminUser(w http.ResponseWriter, err error, body any) error {
	if errors.Is(err, errNoUser) {
		return errUserNotFound()
	}
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, body)
}

type adminUserParams struct {
	ID           string          `json:"id"`
	Email        *string         `json:"email"`
	Phone        string          `json:"phone"`
	Password     *string         `json:"password"`
	PasswordHash string          `json:"password_hash"`
	EmailConfirm *bool           `json:"email_confirm"`
	UserMetadata map[string]any  `json:"user_metadata"`
	AppMetadata  map[string]any  `json:"app_metadata"`
	Role         string          `json:"role"`
	BanDuration  string          `json:"ban_duration"`
	Raw          json.RawMessage `json:"-"`
}

// banUntil parses ban_duration ("24h", "none").
func banUntil(d string, now time.Time) (*time.Time, bool, error) {
	switch d {
	case "":
		return nil, false, nil
	case "none":
		return nil, true, nil
	}
	dur, err := time.ParseDuration(d)
	if err != nil || dur < 0 {
		return nil, false, validationFailed("invalid format for ban duration: " + d)
	}
	t := now.Add(dur)
	return &t, true, nil
}

// passwordHashFor checks and hashes a password given to the admin API, or
// accepts a bcrypt hash as is.
func (a *api) passwordHashFor(p adminUserParams) (string, error) {
	if p.PasswordHash != "" {
		if !strings.HasPrefix(p.PasswordHash, "$2") {
			return "", validationFailed("Only bcrypt password hashes are supported")
		}
		return p.PasswordHash, nil
	}
	if p.Password == nil {
		return "", nil
	}
	return a.checkedHash(*p.Password)
}

// handleAdminUserCreate is POST /admin/users.
func (a *api) handleAdminUserCreate(w http.ResponseWriter, r *http.Request, p adminUserParams) error {
	if p.Phone != "" && p.Email == nil {
		return unprocessable("phone_provider_disabled", "Phone logins are disabled")
	}
	if p.Email == nil || !validEmail(normalizeEmail(*p.Email)) {
		return validationFailed("Unable to validate email address: invalid format")
	}
	if p.ID != "" && !validUUID(p.ID) {
		return validationFailed("id must be a UUID")
	}
	if p.Role != "" && p.Role != "authenticated" {
		return validationFailed("role must be authenticated")
	}
	now := a.now()
	ban, _, err := banUntil(p.BanDuration, now)
	if err != nil {
		return err
	}
	hash, err := a.passwordHashFor(p)
	if err != nil {
		return err
	}
	return txAnswer(a, w, r, func(ctx context.Context, c pgrole.Conn) (*user, error) {
		return a.store.CreateUser(ctx, c, newUser{ID: p.ID, Email: normalizeEmail(*p.Email), PasswordHash: hash,
			Confirmed: p.EmailConfirm != nil && *p.EmailConfirm, UserMeta: p.UserMetadata, AppMeta: p.AppMetadata,
			Role: p.Role, BannedUntil: ban, AdminCreated: true}, now)
	})
}

// userParam is the {id} of /admin/users/{id}: not a UUID is not a user.
func userParam(r *http.Request) (string, error) {
	id := chi.URLParam(r, "id")
	if !validUUID(id) {
		return "", errUserNotFound()
	}
	return id, nil
}

// handleAdminUserGet is GET /admin/users/{id}.
func (a *api) handleAdminUserGet(w http.ResponseWriter, r *http.Request) error {
	u, err := a.adminUser(r)
	return writeAdminUser(w, err, u)
}

// adminUser loads the user of /admin/users/{id} (errNoUser when there is none).
func (a *api) adminUser(r *http.Request) (*user, error) {
	id, err := userParam(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	var u *user
	err = pgrole.Do(ctx, a.pool, readOnly(r), func(c pgrole.Conn) error {
		u, err = a.store.UserByID(ctx, c, id, false)
		return err
	})
	return u, err
}

// withUserBody reads the {id} of /admin/users/{id} and the JSON body into a
// new P, then runs h with them.
func withUserBody[P any](h func(http.ResponseWriter, *http.Request, string, P) error) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := userParam(r)
		if err != nil {
			return err
		}
		var p P
		if err := decode(r, &p); err != nil {
			return err
		}
		return h(w, r, id, p)
	}
}

// handleAdminUserUpdate is PUT /admin/users/{id}: email (applied at once),
// password (ends the user's sessions), email_confirm, metadata (merged), ban_duration.
func (a *api) handleAdminUserUpdate(w http.ResponseWriter, r *http.Request, id string, p adminUserParams) error {
	now := a.now()
	ban, setBan, err := banUntil(p.BanDuration, now)
	if err != nil {
		return err
	}
	if p.Role != "" && p.Role != "authenticated" {
		return validationFailed("role must be authenticated")
	}
	var email string
	if p.Email != nil {
		if email, err = checkEmail(*p.Email); err != nil {
			return err
		}
	}
	hash, err := a.passwordHashFor(p)
	if err != nil {
		return err
	}
	out, err := txResult(a, r, func(ctx context.Context, c pgrole.Conn) (*user, error) {
		u, err := a.store.UserByID(ctx, c, id, true)
		if err != nil {
			return nil, err
		}
		if email != "" && email != normalizeEmail(u.Email) {
			if err := a.store.SetEmailChange(ctx, c, id, email); err != nil {
				return nil, err
			}
			if err := a.store.ApplyEmailChange(ctx, c, id, now); err != nil {
				return nil, err
			}
		}
		if hash != "" {
			// A password set for the user ends every session (departure from GoTrue,
			// which keeps them): whoever knew the old one must not stay signed in.
			if err := a.store.SetPasswordEndingSessions(ctx, c, id, hash, now); err != nil {
				return nil, err
			}
		}
		if p.EmailConfirm != nil {
			if err := a.store.SetEmailConfirmed(ctx, c, id, *p.EmailConfirm, now); err != nil {
				return nil, err
			}
		}
		if p.UserMetadata != nil {
			if err := a.store.MergeUserMetadata(ctx, c, id, p.UserMetadata, now); err != nil {
				return nil, err
			}
		}
		if p.AppMetadata != nil {
			if err := a.store.MergeAppMetadata(ctx, c, id, p.AppMetadata, now); err != nil {
				return nil, err
			}
		}
		if setBan {
			if err := a.banUser(ctx, c, id, ban, now); err != nil {
				return nil, err
			}
		}
		return a.store.UserByID(ctx, c, id, false)
	})
	return writeAdminUser(w, err, out)
}

// banUser sets banned_until (nil lifts the ban); a banned user keeps no session.
func (a *api) banUser(ctx context.Context, c pgrole.Conn, id string, ban *time.Time, now time.Time) error {
	if err := a.store.SetBannedUntil(ctx, c, id, ban, now); err != nil {
		return err
	}
	if ban == nil {
		return nil
	}
	return a.store.DeleteUserSessions(ctx, c, id)
}

type adminDeleteParams struct {
	ShouldSoftDelete bool `json:"should_soft_delete"`
}

// handleAdminUserDelete is DELETE /admin/users/{id} {should_soft_delete}: 200 {}.
// A soft delete keeps the row (deleted_at, address obfuscated so it can be
// registered again) and ends its sessions; a hard delete removes it (its profile
// follows by ON DELETE CASCADE).
func (a *api) handleAdminUserDelete(w http.ResponseWriter, r *http.Request, id string, p adminDeleteParams) error {
	ctx := r.Context()
	now := a.now()
	err := a.tx(ctx, r, func(c pgrole.Conn) error {
		if _, err := a.store.UserByID(ctx, c, id, true); err != nil {
			return err
		}
		if p.ShouldSoftDelete {
			return a.store.SoftDeleteUser(ctx, c, id, now)
		}
		return a.store.DeleteUser(ctx, c, id)
	})
	return writeAdminUser(w, err, map[string]any{})
}
