// Package adminusers is the admin-users function: administrators create another
// administrator (a new account with a password, or the promotion of an existing
// one), revoke the role, or delete an administrator's account. It never signs
// anyone in or out: accounts are made through GoTrue's admin API (the /auth/v1
// handler, called in process with the service_role key), so the caller's browser
// session is untouched.
//
// "Who is administrator" is decided by the database (public.is_admin() run as the
// caller); role changes run as service_role. Nobody can revoke or delete
// themselves, and the last administrator can never be removed.
package adminusers

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"slices"

	"github.com/golang-jwt/jwt/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/functions"
	"casarent/functions/fnkit"
	"casarent/server/jwtauth"
	"casarent/server/pgrole"
)

// Name is the function's URL name: /functions/v1/admin-users.
const Name = "admin-users"

// Deps are what the function needs.
type Deps struct {
	Pool *pgxpool.Pool
	// AuthAdmin is the /auth/v1 handler (paths relative to /auth/v1, e.g.
	// "/admin/users"); it is called in process, never over the network.
	AuthAdmin      http.Handler
	ServiceRoleKey string
	Logger         *slog.Logger
}

// Functions returns admin-users.
func Functions(d Deps) []functions.Function {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	s := &service{deps: d, auth: newAuthClient(d.AuthAdmin, d.ServiceRoleKey)}
	return []functions.Function{{Name: Name, VerifyJWT: true, Handler: fnkit.Handler(d.Logger, s.serve)}}
}

type service struct {
	deps Deps
	auth *authClient
}

// request is the body of a POST. GET lists the administrators.
type request struct {
	Action    string `json:"action"` // list | create | revoke | delete | reset_mfa
	Email     string `json:"email"`
	Password  string `json:"password"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	UserID    string `json:"userId"`
}

func (s *service) serve(w http.ResponseWriter, r *http.Request) error {
	id, err := s.requireAdmin(r)
	if err != nil {
		return err
	}
	req := request{Action: "list"}
	switch r.Method {
	case http.MethodGet:
	case http.MethodPost:
		if err := fnkit.DecodeJSON(r, &req); err != nil {
			return err
		}
	default:
		return fnkit.Errorf(http.StatusMethodNotAllowed, "use GET to list or POST with an action")
	}
	ctx := r.Context()
	switch req.Action {
	case "list":
		return s.list(ctx, w)
	case "create":
		return s.create(ctx, w, req)
	case "revoke":
		return s.revoke(ctx, w, id, req.UserID)
	case "delete":
		return s.delete(ctx, w, id, req.UserID)
	case "reset_mfa":
		return s.resetMFA(ctx, w, id, req.UserID)
	}
	return fnkit.Errorf(http.StatusBadRequest, "unknown action %q (list, create, revoke, delete or reset_mfa)", req.Action).WithCode("invalid_action")
}

// requireAdmin: the database decides (fnkit.RequireAdmin).
func (s *service) requireAdmin(r *http.Request) (*jwtauth.Identity, error) {
	return fnkit.RequireAdmin(r, s.deps.Pool, "/functions/v1/"+Name)
}

// profile is an administrator as the settings screen lists them.
type profile struct {
	ID        string  `json:"id"`
	Email     *string `json:"email"`
	FirstName *string `json:"first_name"`
	LastName  *string `json:"last_name"`
	Role      string  `json:"role"`
	CreatedAt string  `json:"created_at"`
	// MFA: the account has a verified TOTP factor (list only).
	MFA *bool `json:"mfa,omitempty"`
}

const profileCols = `id::text, email, first_name, last_name, role, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"')`

func scanProfile(row pgx.Row) (*profile, error) {
	var p profile
	if err := row.Scan(&p.ID, &p.Email, &p.FirstName, &p.LastName, &p.Role, &p.CreatedAt); err != nil {
		return nil, err
	}
	return &p, nil
}

func (s *service) list(ctx context.Context, w http.ResponseWriter) error {
	var admins []*profile
	err := s.asService(ctx, true, func(c pgrole.Conn) error {
		rows, err := c.Query(ctx, `select `+profileCols+` from public.profiles where role = 'admin' order by created_at desc`)
		if err != nil {
			return err
		}
		admins, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (*profile, error) { return scanProfile(row) })
		return err
	})
	if err != nil {
		return fmt.Errorf("list administrators: %w", err)
	}
	// Factors live in the auth schema, which only the auth service reads: ask it.
	for _, p := range admins {
		factors, err := s.auth.listFactors(ctx, p.ID)
		if err != nil {
			return fmt.Errorf("list factors of %s: %w", p.ID, err)
		}
		on := slices.ContainsFunc(factors, func(f authFactor) bool { return f.Status == "verified" })
		p.MFA = &on
	}
	return fnkit.JSON(w, http.StatusOK, map[string]any{"admins": admins})
}

// ApplySettings writes the administrators' rules this server was started with
// where public.is_admin() reads them (private.admin_settings): mfaRequired is
// ADMIN_MFA_REQUIRED. Every replica writes the same value at start.
func ApplySettings(ctx context.Context, pool *pgxpool.Pool, mfaRequired bool) error {
	return pgrole.Do(ctx, pool, pgrole.Session{Role: jwtauth.RoleService, Method: "POST", Path: "/functions/v1/" + Name}, func(c pgrole.Conn) error {
		_, err := c.Exec(ctx, `update private.admin_settings set mfa_required = $1, updated_at = now() where mfa_required <> $1`, mfaRequired)
		return err
	})
}

func (s *service) asService(ctx context.Context, readOnly bool, fn func(pgrole.Conn) error) error {
	return pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: jwtauth.RoleService, Method: "POST", Path: "/functions/v1/" + Name, ReadOnly: readOnly}, fn)
}

// serviceIdentity is the identity the service_role key stands for, set on the
// in-process requests to /auth/v1 (as the server's middleware would).
func serviceIdentity(key string) *jwtauth.Identity {
	id := &jwtauth.Identity{Role: jwtauth.RoleService, ClaimsJSON: []byte(`{"role":"service_role"}`)}
	if claims := (jwt.MapClaims{}); key != "" {
		if _, _, err := jwt.NewParser().ParseUnverified(key, claims); err == nil {
			if b, err := json.Marshal(claims); err == nil {
				id.ClaimsJSON = b
			}
		}
	}
	return id
}
