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
	var owner string
	err := c.QueryRow(ctx, `select user_id::text from auth.identities where provider = $1 and provider_id = $2`, provider, pu.ID).Scan(&owner)
	switch {
	case err == nil && owner != userID:
		return "", unprocessable("identity_already_exists", "Identity is already linked to another user")
	case err == nil:
		_, err = c.Exec(ctx, `update auth.identities set identity_data = $3, last_sign_in_at = $4, updated_at = $4
			where provider = $1 and provider_id = $2`, provider, pu.ID, pu.Data, now)
		return userID, err
	case !errors.Is(err, pgx.ErrNoRows):
		return "", err
	}
	if err := addIdentity(ctx, c, userID, provider, pu, now); err != nil {
		return "", err
	}
	if _, err := c.Exec(ctx, `update auth.users set is_anonymous = false, updated_at = $2 where id = $1 and is_anonymous`, userID, now); err != nil {
		return "", err
	}
	if pu.Email != "" && pu.EmailVerified {
		// A user without an address (a guest) takes the identity's verified one
		// when nobody else holds it, as GoTrue does on linking.
		_, err = c.Exec(ctx, `update auth.users set email = $2, email_confirmed_at = $3, updated_at = $3
			where id = $1 and email is null
				and not exists (select 1 from auth.users o where lower(o.email) = $2 and o.is_sso_user = false)`, userID, pu.Email, now)
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
		_, err = c.Exec(ctx, `
			with d as (delete from auth.identities where id = $2 and user_id = $1 returning user_id),
			rest as (select provider from auth.identities where user_id = $1 and id <> $2)
			update auth.users u set updated_at = $3, raw_app_meta_data = u.raw_app_meta_data || jsonb_build_object(
				'providers', (select jsonb_agg(distinct provider) from rest),
				'provider', case when u.raw_app_meta_data ->> 'provider' = $4
					then (select min(provider) from rest) else u.raw_app_meta_data ->> 'provider' end)
			from d where u.id = d.user_id`, u.ID, id, a.now(), provider)
		if err != nil {
			return nil, err
		}
		return map[string]any{}, a.emailFromIdentities(ctx, c, u.ID)
	})
}

// emailFromIdentities keeps the user's address only while one of its
// identities has it, as GoTrue: else the address becomes that of the remaining
// identity the provider verified (then an unverified one, then none), every
// pending link and code is voided (they were sent for the old address), and
// an address nobody verified is unconfirmed unless MAILER_AUTOCONFIRM.
func (a *api) emailFromIdentities(ctx context.Context, c pgrole.Conn, userID string) error {
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
		userID, a.now(), a.cfg.MailerAutoconfirm)
	if isUniqueViolation(err, "users_email_partial_key") {
		return unprocessable("email_exists", "A user with this email address has already been registered")
	}
	return err
}

// addIdentity stores the provider's identity of userID and lists the provider
// in the user's app_metadata.providers.
func addIdentity(ctx context.Context, c pgrole.Conn, userID, provider string, pu *providerUser, now time.Time) error {
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
