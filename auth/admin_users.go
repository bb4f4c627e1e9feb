package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
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

// handleAdminUserList is GET /admin/users?page=&per_page=: {users, aud} with
// X-Total-Count and a Link header, newest first.
func (a *api) handleAdminUserList(w http.ResponseWriter, r *http.Request) error {
	page, perPage, err := pagination(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	users := []*user{}
	var total int64
	err = pgrole.Do(ctx, a.pool, readOnly(r), func(c pgrole.Conn) error {
		if err := c.QueryRow(ctx, `select count(*) from auth.users where deleted_at is null`).Scan(&total); err != nil {
			return err
		}
		rows, err := c.Query(ctx, `select `+userColumns+` from auth.users u where u.deleted_at is null
			order by u.created_at desc, u.id limit $1 offset $2`, perPage, (page-1)*perPage)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			u, err := scanUser(rows)
			if err != nil {
				return err
			}
			users = append(users, u)
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	w.Header().Set("X-Total-Count", strconv.FormatInt(total, 10))
	last := int((total + int64(perPage) - 1) / int64(perPage))
	var links []string
	if page < last {
		links = append(links, fmt.Sprintf(`</admin/users?page=%d&per_page=%d>; rel="next"`, page+1, perPage))
	}
	if last > 0 {
		links = append(links, fmt.Sprintf(`</admin/users?page=%d&per_page=%d>; rel="last"`, last, perPage))
	}
	if len(links) > 0 {
		w.Header().Set("Link", strings.Join(links, ", "))
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"users": users, "aud": "authenticated"})
}

// pagination reads page and per_page as GoTrue does: unsigned decimal numbers
// (a bad one is 400 validation_failed "Bad Pagination Parameters: <why>"),
// page 0 is the first page, per_page 0 is refused. per_page is capped at 1000
// (GoTrue has no cap) so one request cannot ask for the whole table.
func pagination(r *http.Request) (page, perPage int, err error) {
	page, perPage = 1, 50
	bad := func(why string) error { return validationFailed("Bad Pagination Parameters: " + why) }
	q := r.URL.Query()
	if v := q.Get("page"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return 0, 0, bad(err.Error())
		}
		page = int(max(min(n, 1<<31), 1)) // past the end anyway; keeps the offset in range
	}
	if v := q.Get("per_page"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return 0, 0, bad(err.Error())
		}
		if n == 0 {
			return 0, 0, bad("per_page must be greater than 0")
		}
		perPage = int(min(n, 1000))
	}
	return page, perPage, nil
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
func (a *api) handleAdminUserCreate(w http.ResponseWriter, r *http.Request) error {
	var p adminUserParams
	if err := decode(r, &p); err != nil {
		return err
	}
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
	ctx := r.Context()
	var out *user
	err = a.tx(ctx, r, func(c pgrole.Conn) error {
		out, err = insertUser(ctx, c, newUser{ID: p.ID, Email: normalizeEmail(*p.Email), PasswordHash: hash,
			Confirmed: p.EmailConfirm != nil && *p.EmailConfirm, UserMeta: p.UserMetadata, AppMeta: p.AppMetadata,
			Role: p.Role, BannedUntil: ban, AdminCreated: true}, now)
		return err
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

func (a *api) userParam(r *http.Request) (string, error) {
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
	id, err := a.userParam(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	var u *user
	err = pgrole.Do(ctx, a.pool, readOnly(r), func(c pgrole.Conn) error {
		u, err = userByID(ctx, c, id, false)
		return err
	})
	return u, err
}

// adminUserBody reads the {id} of /admin/users/{id}/... and the body into v.
func (a *api) adminUserBody(r *http.Request, v any) (string, error) {
	id, err := a.userParam(r)
	if err != nil {
		return "", err
	}
	return id, decode(r, v)
}

// handleAdminUserUpdate is PUT /admin/users/{id}: email (applied at once),
// password, email_confirm, metadata (merged), ban_duration.
func (a *api) handleAdminUserUpdate(w http.ResponseWriter, r *http.Request) error {
	var p adminUserParams
	id, err := a.adminUserBody(r, &p)
	if err != nil {
		return err
	}
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
		email = normalizeEmail(*p.Email)
		if !validEmail(email) {
			return validationFailed("Unable to validate email address: invalid format")
		}
	}
	hash, err := a.passwordHashFor(p)
	if err != nil {
		return err
	}
	ctx := r.Context()
	var out *user
	err = a.tx(ctx, r, func(c pgrole.Conn) error {
		u, err := userByID(ctx, c, id, true)
		if err != nil {
			return err
		}
		if email != "" && email != normalizeEmail(u.Email) {
			if _, err := c.Exec(ctx, `update auth.users set email_change = $2 where id = $1`, id, email); err != nil {
				return err
			}
			if err := a.applyEmailChange(ctx, c, id, now); err != nil {
				return err
			}
		}
		if hash != "" {
			if _, err := c.Exec(ctx, `update auth.users set encrypted_password = $2, updated_at = $3 where id = $1`, id, hash, now); err != nil {
				return err
			}
		}
		if p.EmailConfirm != nil {
			if err := setEmailConfirmed(ctx, c, id, *p.EmailConfirm, now); err != nil {
				return err
			}
		}
		if p.UserMetadata != nil {
			if err := mergeUserMetadata(ctx, c, id, p.UserMetadata, now); err != nil {
				return err
			}
		}
		if p.AppMetadata != nil {
			if _, err := c.Exec(ctx, `update auth.users set raw_app_meta_data = raw_app_meta_data || $2::jsonb, updated_at = $3 where id = $1`, id, p.AppMetadata, now); err != nil {
				return err
			}
		}
		if setBan {
			if err := banUser(ctx, c, id, ban, now); err != nil {
				return err
			}
		}
		out, err = userByID(ctx, c, id, false)
		return err
	})
	return writeAdminUser(w, err, out)
}

// setEmailConfirmed confirms the user's email, or takes the confirmation back.
func setEmailConfirmed(ctx context.Context, c pgrole.Conn, id string, confirm bool, now time.Time) error {
	if confirm {
		return confirmEmail(ctx, c, id, "confirmation_token = ''", now)
	}
	_, err := c.Exec(ctx, `update auth.users set email_confirmed_at = null, updated_at = $2 where id = $1`, id, now)
	return err
}

// banUser sets banned_until (nil lifts the ban); a banned user keeps no session.
func banUser(ctx context.Context, c pgrole.Conn, id string, ban *time.Time, now time.Time) error {
	if _, err := c.Exec(ctx, `update auth.users set banned_until = $2, updated_at = $3 where id = $1`, id, ban, now); err != nil {
		return err
	}
	if ban == nil {
		return nil
	}
	_, err := c.Exec(ctx, `delete from auth.sessions where user_id = $1`, id)
	return err
}

type adminDeleteParams struct {
	ShouldSoftDelete bool `json:"should_soft_delete"`
}

// handleAdminUserDelete is DELETE /admin/users/{id} {should_soft_delete}: 200 {}.
// A soft delete keeps the row (deleted_at, address obfuscated so it can be
// registered again) and ends its sessions; a hard delete removes it (its profile
// follows by ON DELETE CASCADE).
func (a *api) handleAdminUserDelete(w http.ResponseWriter, r *http.Request) error {
	var p adminDeleteParams
	id, err := a.adminUserBody(r, &p)
	if err != nil {
		return err
	}
	ctx := r.Context()
	now := a.now()
	err = a.tx(ctx, r, func(c pgrole.Conn) error {
		if _, err := userByID(ctx, c, id, true); err != nil {
			return err
		}
		if p.ShouldSoftDelete {
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
		_, err := c.Exec(ctx, `delete from auth.users where id = $1`, id)
		return err
	})
	return writeAdminUser(w, err, map[string]any{})
}
