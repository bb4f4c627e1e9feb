-- What `supabase start` and a hosted project give a new database, so that a project's
-- first table answers supabase-js with row-level security deciding, not with
-- "42501 permission denied": the API roles may use public, and whatever the migrating
-- role creates there later (tables, sequences, functions) is granted to anon,
-- authenticated and service_role. Like Supabase's, these defaults are for objects
-- created by the role that runs the migrations (DATABASE_URL's, or the one a
-- `supabase db push --db-url` logs in as when it is the same); a table made by
-- another role needs its own grants.
--
-- The supabase_realtime publication (empty: a project adds its tables, as on
-- Supabase) and the extensions schema come with the platform's baseline.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
