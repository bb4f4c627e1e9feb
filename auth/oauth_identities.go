package auth

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"casarent/server/pgrole"
)

// A user's identities (auth.identities): the OAuth callback adds one for a new
// or a known user and links one to a signed-in caller (oauth.go, which also
// starts a link: GET /user/identities/authorize); unlinkIdentity removes one.

// linkIdentity adds the provider's identity to userID. An identity already of
// another user is refused; a guest who links one is a guest no more (GoTrue's
// conversion by linkIdentity).
func (a *api) linkIdentity(ctx context.Context, c pgrole.Conn, userID, provider string, pu *providerUser, now time.Time) (string, error) {
	owner, err := a.store.IdentityOwner(ctx, c, provider, pu.ID)
	switch {
	case err == nil && owner != userID:
		return "", unprocessable("identity_already_exists", "Identity is already linked to another user")
	case err == nil:
		return userID, a.store.RefreshIdentity(ctx, c, provider, pu, now)
	case !errors.Is(err, pgx.ErrNoRows):
		return "", err
	}
	if err := a.store.AddIdentity(ctx, c, userID, provider, pu, now); err != nil {
		return "", err
	}
	if err := a.store.EndAnonymous(ctx, c, userID, now); err != nil {
		return "", err
	}
	if pu.Email != "" && pu.EmailVerified {
		// A user without an address (a guest) takes the identity's verified one
		// when nobody else holds it, as GoTrue does on linking.
		err = a.store.AdoptVerifiedEmail(ctx, c, userID, pu.Email, now)
	}
	return userID, err
}

// handleUnlinkIdentity is DELETE /user/identities/{identity_id} (unlinkIdentity):
// one of the caller's identities goes, never the last one (the user could no
// longer sign in). app_metadata follows: providers lists the remaining ones,
// and provider becomes one of them if it named the unlinked one.
func (a *api) handleUnlinkIdentity(w http.ResponseWriter, r *http.Request) error {
	if _, err := a.requireCaller(r); err != nil {
		return err
	}
	if !a.cfg.ManualLinking {
		return errManualLinkingDisabled()
	}
	id := chi.URLParam(r, "identity_id")
	return txAnswer(a, w, r, func(ctx context.Context, c pgrole.Conn) (map[string]any, error) {
		_, u, err := a.loadCaller(ctx, c, r, true)
		if err != nil {
			return nil, err
		}
		var provider string
		for _, i := range u.Identities {
			if i.IdentityID == id {
				provider = i.Provider
			}
		}
		switch {
		case provider == "":
			return nil, unprocessable("identity_not_found", "Identity doesn't exist")
		case len(u.Identities) <= 1:
			return nil, unprocessable("single_identity_not_deletable", "User must have at least 1 identity after unlinking")
		}
		err = a.store.UnlinkIdentity(ctx, c, u.ID, id, provider, a.now())
		if err != nil {
			return nil, err
		}
		return map[string]any{}, a.store.EmailFromIdentities(ctx, c, u.ID, a.now(), a.cfg.MailerAutoconfirm)
	})
}
