-- Sign-in with an OAuth / OpenID Connect provider: one row per /authorize,
-- named as GoTrue's auth.flow_state so SQL written for Supabase finds it. The
-- id is the OAuth "state" sent to the provider; the callback finds the flow by
-- it (so a state nobody issued, or one already used, matches nothing). For a
-- PKCE flow the callback fills user_id and auth_code, which
-- /token?grant_type=pkce trades, with the verifier, for a session; the row is
-- deleted when used. redirect_to and the provider are kept here rather than in
-- a signed state.
create table auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text,
  code_challenge_method text check (code_challenge_method in ('s256', 'plain')),
  code_challenge text,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null default 'oauth',
  auth_code_issued_at timestamptz,
  redirect_to text not null,
  linking_user_id uuid references auth.users (id) on delete cascade,
  check ((code_challenge is null) = (code_challenge_method is null))
);
create unique index flow_state_auth_code_key on auth.flow_state (auth_code) where auth_code is not null;
create index flow_state_created_at_idx on auth.flow_state (created_at desc);
grant all on auth.flow_state to supabase_auth_admin;
