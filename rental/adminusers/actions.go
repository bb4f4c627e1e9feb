package adminusers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"casarent/functions/fnkit"
	"casarent/server/jwtauth"
	"casarent/server/pgrole"
)

var (
	emailRe = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)
	uuidRe  = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
)

// validate applies SPEC section 5's administrator form rules (French messages, as
// the back office shows them).
func (req *request) validate() error {
	req.Email = strings.ToLower(strings.TrimSpace(req.Email))
	req.FirstName, req.LastName = strings.TrimSpace(req.FirstName), strings.TrimSpace(req.LastName)
	problems := map[string]string{}
	var first string
	add := func(field, msg string) {
		problems[field] = msg
		if first == "" {
			first = msg
		}
	}
	switch {
	case req.Email == "":
		add("email", "Email requis")
	case !emailRe.MatchString(req.Email):
		add("email", "Email invalide")
	}
	switch {
	case req.Password == "":
		add("password", "Mot de passe requis")
	case len([]rune(req.Password)) < MinPasswordLength:
		add("password", fmt.Sprintf("Minimum %d caractères", MinPasswordLength))
	}
	if req.FirstName == "" {
		add("firstName", "Prénom requis")
	}
	if req.LastName == "" {
		add("lastName", "Nom requis")
	}
	if len(problems) > 0 {
		return fnkit.Errorf(http.StatusBadRequest, "%s", first).WithCode("validation_failed").WithDetails(problems)
	}
	return nil
}

// MinPasswordLength is the shortest password an administrator may be given.
const MinPasswordLength = 12

// create makes a new administrator, or promotes the existing account with that email.
func (s *service) create(ctx context.Context, w http.ResponseWriter, req request) error {
	if err := req.validate(); err != nil {
		return err
	}
	created := true
	var userID string
	u, err := s.auth.createUser(ctx, req.Email, req.Password, req.FirstName, req.LastName)
	var ae *authError
	switch {
	case err == nil:
		userID = u.ID
	case errors.As(err, &ae) && (ae.code() == "email_exists" || ae.code() == "user_already_exists"):
		created = false // SPEC: "Utilisateur existant promu administrateur"
		if userID, err = s.takeOver(ctx, req); err != nil {
			return err
		}
	case errors.As(err, &ae) && ae.Status < 500:
		return fnkit.Errorf(http.StatusBadRequest, "%s", ae.msg()).WithCode(ae.code())
	default:
		return fmt.Errorf("create user: %w", err)
	}
	var p *profile
	err = s.asService(ctx, false, func(c pgrole.Conn) error {
		var err error
		p, err = scanProfile(c.QueryRow(ctx, `update public.profiles set role = 'admin', first_name = $2, last_name = $3
			where id::text = $1
			returning `+profileCols, userID, req.FirstName, req.LastName))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return fnkit.Errorf(http.StatusConflict, "the account exists but has no profile").WithCode("no_profile")
	}
	if err != nil {
		return fmt.Errorf("promote profile: %w", err)
	}
	msg := "Administrateur créé avec succès"
	if !created {
		msg = "Utilisateur existant promu administrateur"
	}
	return fnkit.JSON(w, http.StatusOK, map[string]any{"user": p, "created": created, "promoted": !created, "message": msg})
}

// takeOver readies the existing account with req's address for its new role,
// before the role is given: whoever set that account up (anyone can sign up
// with any address while sign-ups are confirmed without mail) must not become
// administrator through it. Its MFA factors are removed, the password becomes
// the one the administrator typed, the address is confirmed and every session
// ends (is_admin() also refuses a token whose session is gone). A guest is
// refused: it has no address of its own to be found by. Returns the account's id.
func (s *service) takeOver(ctx context.Context, req request) (string, error) {
	var id string
	err := s.asService(ctx, true, func(c pgrole.Conn) error {
		return c.QueryRow(ctx, `select id::text from public.profiles where lower(email) = $1`, req.Email).Scan(&id)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return "", fnkit.Errorf(http.StatusConflict, "the account exists but has no profile").WithCode("no_profile")
	}
	if err != nil {
		return "", fmt.Errorf("find profile: %w", err)
	}
	u, err := s.auth.getUser(ctx, id)
	if err != nil {
		return "", fmt.Errorf("read account: %w", err)
	}
	if u.IsAnonymous {
		return "", fnkit.Errorf(http.StatusConflict, "Ce compte invité ne peut pas devenir administrateur").WithCode("anonymous_account")
	}
	factors, err := s.auth.listFactors(ctx, id)
	if err != nil {
		return "", fmt.Errorf("list factors: %w", err)
	}
	for _, f := range factors {
		var ae *authError
		if err := s.auth.deleteFactor(ctx, id, f.ID); err != nil && !(errors.As(err, &ae) && ae.Status == http.StatusNotFound) {
			return "", fmt.Errorf("delete factor: %w", err)
		}
	}
	if err := s.auth.resetAccount(ctx, id, req.Password); err != nil {
		var ae *authError
		if errors.As(err, &ae) && ae.Status < 500 {
			return "", fnkit.Errorf(http.StatusBadRequest, "%s", ae.msg()).WithCode(ae.code())
		}
		return "", fmt.Errorf("reset account: %w", err)
	}
	return id, nil
}

// lockAdmins takes the administrators' rows FOR UPDATE, so two concurrent
// removals cannot both see "another administrator remains", and checks that
// target may be removed by caller.
func lockAdmins(ctx context.Context, c pgrole.Conn, caller *jwtauth.Identity, target string) error {
	if !uuidRe.MatchString(target) {
		return fnkit.Errorf(http.StatusBadRequest, "userId must be a user id").WithCode("validation_failed")
	}
	if caller.Subject != "" && strings.EqualFold(caller.Subject, target) {
		return fnkit.Errorf(http.StatusConflict, "Vous ne pouvez pas retirer vos propres droits d'administrateur").WithCode("cannot_remove_self")
	}
	rows, err := c.Query(ctx, `select id::text from public.profiles where role = 'admin' order by id for update`)
	if err != nil {
		return err
	}
	admins, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(admins, func(a string) bool { return strings.EqualFold(a, target) }) {
		return fnkit.Errorf(http.StatusNotFound, "this account is not an administrator").WithCode("not_an_admin")
	}
	if len(admins) <= 1 {
		return fnkit.Errorf(http.StatusConflict, "Impossible de retirer le dernier administrateur").WithCode("last_admin")
	}
	return nil
}

// revoke sets the role back to user.
func (s *service) revoke(ctx context.Context, w http.ResponseWriter, caller *jwtauth.Identity, target string) error {
	var p *profile
	err := s.asService(ctx, false, func(c pgrole.Conn) error {
		if err := lockAdmins(ctx, c, caller, target); err != nil {
			return err
		}
		var err error
		p, err = scanProfile(c.QueryRow(ctx, `update public.profiles set role = 'user' where id = $1 returning `+profileCols, target))
		return err
	})
	if err != nil {
		return err
	}
	return fnkit.JSON(w, http.StatusOK, map[string]any{"user": p, "message": "Droits administrateur révoqués"})
}

// delete removes an administrator's account (its profile goes with it). The role
// is revoked first under the lock, then the account is deleted through the auth
// API: holding the lock across that call would block the auth service's own
// delete of the profile.
func (s *service) delete(ctx context.Context, w http.ResponseWriter, caller *jwtauth.Identity, target string) error {
	err := s.asService(ctx, false, func(c pgrole.Conn) error {
		if err := lockAdmins(ctx, c, caller, target); err != nil {
			return err
		}
		_, err := c.Exec(ctx, `update public.profiles set role = 'user' where id = $1`, target)
		return err
	})
	if err != nil {
		return err
	}
	if err := s.auth.deleteUser(ctx, target); err != nil {
		var ae *authError
		if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
			return fnkit.Errorf(http.StatusNotFound, "this account no longer exists").WithCode("user_not_found")
		}
		return fmt.Errorf("delete user (its administrator role was revoked): %w", err)
	}
	return fnkit.JSON(w, http.StatusOK, map[string]any{"deleted": target, "message": "Administrateur supprimé"})
}

// resetMFA removes every MFA factor of another administrator: the recovery
// when they lost their authenticator (they sign in with the password alone and
// enrol again). One's own factor is removed from the Sécurité section, from an
// aal2 session, as GoTrue requires.
func (s *service) resetMFA(ctx context.Context, w http.ResponseWriter, caller *jwtauth.Identity, target string) error {
	if !uuidRe.MatchString(target) {
		return fnkit.Errorf(http.StatusBadRequest, "userId must be a user id").WithCode("validation_failed")
	}
	if caller.Subject != "" && strings.EqualFold(caller.Subject, target) {
		return fnkit.Errorf(http.StatusConflict, "Utilisez la section Sécurité pour gérer votre propre double authentification").WithCode("cannot_reset_self")
	}
	var isAdmin bool
	err := s.asService(ctx, true, func(c pgrole.Conn) error {
		return c.QueryRow(ctx, `select exists (select 1 from public.profiles where id = $1 and role = 'admin')`, target).Scan(&isAdmin)
	})
	if err != nil {
		return fmt.Errorf("read profile: %w", err)
	}
	if !isAdmin {
		return fnkit.Errorf(http.StatusNotFound, "this account is not an administrator").WithCode("not_an_admin")
	}
	factors, err := s.auth.listFactors(ctx, target)
	if err != nil {
		return fmt.Errorf("list factors: %w", err)
	}
	for _, f := range factors {
		var ae *authError
		if err := s.auth.deleteFactor(ctx, target, f.ID); err != nil && !(errors.As(err, &ae) && ae.Status == http.StatusNotFound) {
			return fmt.Errorf("delete factor: %w", err)
		}
	}
	return fnkit.JSON(w, http.StatusOK, map[string]any{"userId": target, "removed": len(factors), "message": "Double authentification désactivée"})
}
