package auth

import (
	"context"
	"time"

	"casarent/server/pgrole"
)

// Changes to a user's record that the user's own flows (verify, PUT /user) and
// the admin API (PUT /admin/users/{id}) share: confirming the address, applying
// a pending email change, merging user metadata.

// confirmEmail clears the used token (set is a fixed assignment, never input)
// and marks the address confirmed.
func confirmEmail(ctx context.Context, c pgrole.Conn, userID, set string, now time.Time) error {
	if _, err := c.Exec(ctx, `update auth.users set `+set+`, email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2 where id = $1`, userID, now); err != nil {
		return err
	}
	return markEmailVerified(ctx, c, userID)
}

// applyEmailChange makes the pending address the user's address.
func (a *api) applyEmailChange(ctx context.Context, c pgrole.Conn, userID string, now time.Time) error {
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
	return ensureEmailIdentity(ctx, c, userID, now)
}

// ensureEmailIdentity gives a user who confirmed an address without having an
// email identity (a guest, an OAuth user) one, and lists it in
// app_metadata.providers, as GoTrue does when it confirms an email change.
func ensureEmailIdentity(ctx context.Context, c pgrole.Conn, userID string, now time.Time) error {
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

// mergeUserMetadata applies data to user_metadata: keys set, null values removed.
func mergeUserMetadata(ctx context.Context, c pgrole.Conn, userID string, data map[string]any, now time.Time) error {
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
