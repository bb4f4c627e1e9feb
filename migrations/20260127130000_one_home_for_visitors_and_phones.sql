-- Two rules had come to be written twice; each now has one home.
--
-- The earliest pickup is rental_rules' (bookings_check_rules): bookings_bounds no
-- longer restates "not before today", and it asks rental_is_visitor() who is a
-- visitor instead of spelling the test out again. What stays here is what only
-- it says: the years every booking must lie in, and how far ahead a visitor may
-- book (reservation_settings.max_days_ahead).
create or replace function public.bookings_bounds() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_today date := (now() at time zone 'Africa/Casablanca')::date;
  v_ahead integer;
begin
  -- The years, for everyone, before the price is computed: a rental to the year
  -- 294276 would otherwise overflow the price (22003) before the constraint speaks.
  if new.start_date < date '2000-01-01' or new.end_date >= date '2100-01-01' then
    raise exception 'booking dates must lie between 2000 and 2099 (% to %)', new.start_date, new.end_date
      using errcode = 'check_violation', constraint = 'bookings_years_check';
  end if;
  if not public.rental_is_visitor() then
    return new;
  end if;
  select s.max_days_ahead into v_ahead from public.reservation_settings s;
  if new.start_date > v_today + v_ahead then
    raise exception 'the pickup date (%) is more than % days ahead', new.start_date, v_ahead
      using errcode = '22023', hint = format('Choose a pickup date until %s.', v_today + v_ahead);
  end if;
  return new;
end
$$;

-- One way to read a phone number: the holds' limits compare numbers with the
-- back office's search key (public.phone_key), so "+212 6…", "00212 6…" and
-- "06…" are one number for both.
create or replace function private.phone_key(p text) returns text
language sql immutable
set search_path = ''
as $$
  select public.phone_key(p)
$$;
reindex index public.bookings_pending_phone_idx;
