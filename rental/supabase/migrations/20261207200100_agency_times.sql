-- The times the agency reads in the back office (a message received, a traveller's
-- request asked), written by the database in Casablanca's time: a browser whose
-- time-zone data is old (one that thinks Casablanca is UTC+0) would show them an
-- hour off. Computed fields: select=*,agency_created_at on the table.

create function public.agency_created_at(public.contacts) returns text
  language sql stable
  set search_path = ''
as $$
  select to_char($1.created_at at time zone 'Africa/Casablanca', 'DD/MM/YYYY HH24:MI')
$$;

create function public.agency_created_at(public.booking_change_requests) returns text
  language sql stable
  set search_path = ''
as $$
  select to_char($1.created_at at time zone 'Africa/Casablanca', 'DD/MM/YYYY HH24:MI')
$$;

revoke all on function public.agency_created_at(public.contacts) from public;
revoke all on function public.agency_created_at(public.booking_change_requests) from public;
grant execute on function public.agency_created_at(public.contacts) to authenticated, service_role;
grant execute on function public.agency_created_at(public.booking_change_requests) to authenticated, service_role;
