-- Realtime Authorization for private channels, as Supabase does
-- it: RLS policies on realtime.messages decide who may receive (SELECT) and send
-- (INSERT) broadcast and presence on a topic. The server evaluates them for a
-- would-be row {topic, extension: 'broadcast' | 'presence', private: true} as the
-- joining caller, with realtime.topic() returning the channel's topic; no row is
-- ever written. No policy here: by default a private channel is closed to all.
create schema realtime;
-- authenticator too: pgx prepares a batch's statements before SET ROLE runs.
grant usage on schema realtime to anon, authenticated, service_role, authenticator;

create table realtime.messages (
  id uuid primary key default gen_random_uuid(),
  topic text not null,
  extension text not null check (extension in ('broadcast', 'presence')),
  event text,
  payload jsonb,
  private boolean not null default true,
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table realtime.messages enable row level security;
grant select, insert on realtime.messages to anon, authenticated;
grant select, insert, update, delete on realtime.messages to service_role;

-- The topic of the channel being authorised (set by the server for the check).
create function realtime.topic() returns text
language sql stable
set search_path = ''
as $$ select nullif(pg_catalog.current_setting('realtime.topic', true), '') $$;
grant execute on function realtime.topic() to anon, authenticated, service_role;
