-- Statement timeouts of the API roles, as Supabase sets them: a visitor's query
-- stops after 3 s, a signed-in user's after 8 s; service_role and the services'
-- own roles are not limited. server/pgrole applies them in every transaction it
-- opens for a role (SET ROLE alone would not). Roles are cluster-wide: idempotent.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
