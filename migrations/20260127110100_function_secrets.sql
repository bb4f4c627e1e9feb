-- Secrets of the functions (`server secrets set NAME=VALUE`), sealed by the server
-- (AES-GCM, key derived from JWT_SECRET) so a database dump does not show them.
-- Functions see them from their next start. Service role only.
create table private.function_secrets (
  name text primary key check (name ~ '^[A-Za-z_][A-Za-z0-9_]*$' and name !~ '^SUPABASE_'),
  sealed bytea not null,
  updated_at timestamptz not null default now()
);
revoke all on private.function_secrets from public;
grant select, insert, update, delete on private.function_secrets to service_role;
