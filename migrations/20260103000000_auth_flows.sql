-- What /auth/v1 needs beyond Supabase's auth tables: lookups of email-link
-- tokens, and rate-limit buckets shared by every replica.

-- Email-link tokens are stored as SHA-256 hex of the link's token (see auth/otp.go);
-- an empty string means "none", as in GoTrue.
create index users_confirmation_token_idx on auth.users (confirmation_token) where confirmation_token <> '';
create index users_recovery_token_idx on auth.users (recovery_token) where recovery_token <> '';
create index users_email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new <> '';
create index users_email_change_token_current_idx on auth.users (email_change_token_current) where email_change_token_current <> '';

-- One token bucket per limiter and key (an IP, or an email address): tokens left
-- and when they were counted. Rows idle for a day are deleted by the service.
create table auth.rate_limits (
  key text primary key,
  tokens double precision not null,
  allowed boolean not null,
  updated_at timestamptz not null
);
create index rate_limits_updated_at_idx on auth.rate_limits (updated_at);

-- Audit trail of sign-ins, refreshes, reuse detections (GoTrue's table name).
create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz not null default now(),
  ip_address varchar(64) not null default ''
);
create index if not exists audit_logs_created_at_idx on auth.audit_log_entries (created_at);

grant all on auth.rate_limits, auth.audit_log_entries to supabase_auth_admin;

-- A refresh token is HMAC(key, nonce) with a key derived from JWT_SECRET; the row
-- keeps the nonce and a SHA-256 of the token. A copy of the database alone gives
-- no working token, yet the server can hand the current token of a session back to
-- a client that lost the answer of its last refresh (GoTrue's "active child" case).
alter table auth.refresh_tokens add column nonce text;

-- How each session was authenticated (the JWT's amr claim), GoTrue's table.
create table if not exists auth.mfa_amr_claims (
  id uuid primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  unique (session_id, authentication_method)
);
grant all on auth.mfa_amr_claims to supabase_auth_admin;
