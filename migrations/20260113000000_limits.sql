-- Limits. Statement timeouts of the API roles, as Supabase sets them: a visitor's query
-- stops after 3 s, a signed-in user's after 8 s; service_role and the services'
-- own roles are not limited. server/pgrole applies them in every transaction it
-- opens for a role (SET ROLE alone would not). Roles are cluster-wide: idempotent.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- A rental booked on the site lasts at most 90 days (SPEC: short-term rental up to
-- 30 days; long-term contracts go through the agency). Without a bound, a return
-- date of 9999-12-31 overflowed the price (a 500) or priced an absurd order.
-- NOT VALID: rows made before stay as they are; every new or changed row is checked.
alter table public.bookings add constraint bookings_length_check
  check (end_date - start_date <= 90) not valid;
