-- The longest rental and the earliest pickup, defined once (rental_rules). They
-- had drifted apart: 90 days in bookings_length_check, 366 in car_availability,
-- 365 in the site's search form, so a 100-day search showed cars and prices and
-- the booking was then refused; "pickup not before today" was checked by the
-- site and the PayPal function but not by the database. The site reads the
-- limits from rental_rules; the database refuses what is beyond them.

alter table public.rental_rules
  -- in started 24-hour periods (public.rental_periods)
  add column longest_rental_days integer not null default 90 check (longest_rental_days between 1 and 366),
  -- a visitor's pickup is at the earliest this many days after today (Casablanca)
  add column earliest_pickup_days integer not null default 0 check (earliest_pickup_days between 0 and 365);
grant update (longest_rental_days, earliest_pickup_days) on public.rental_rules to authenticated;

-- The calendar-day constraint gives way to the rule (the trigger below).
alter table public.bookings drop constraint bookings_length_check;

-- Refuses, with SQLSTATE 22023 and a clear message, a rental longer than the
-- longest (for everyone: the agency signs longer contracts outside the site) and
-- a visitor's pickup before the earliest day (administrators, jobs and SQL
-- without a client address may record a rental that already began). Named to run
-- before the price is computed (triggers run in name order).
create function public.bookings_check_rules() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_rules public.rental_rules;
  v_earliest date;
begin
  if tg_op = 'UPDATE'
     and (new.start_date, new.end_date, new.pickup_time, new.return_time)
         is not distinct from (old.start_date, old.end_date, old.pickup_time, old.return_time) then
    return new;
  end if;
  select * into v_rules from public.rental_rules;
  if new.start_date is not null and new.end_date is not null
     and new.end_date + new.return_time > new.start_date + new.pickup_time
     and public.rental_periods(new.start_date + new.pickup_time, new.end_date + new.return_time) > v_rules.longest_rental_days then
    raise exception 'a rental lasts at most % days', v_rules.longest_rental_days
      using errcode = '22023', hint = 'For a longer rental, contact the agency.';
  end if;
  if tg_op = 'INSERT' and new.start_date is not null and public.rental_is_visitor() then
    v_earliest := (now() at time zone 'Africa/Casablanca')::date + v_rules.earliest_pickup_days;
    if new.start_date < v_earliest then
      raise exception 'the pickup date (%) is before %', new.start_date, v_earliest
        using errcode = '22023', hint = format('Choose a pickup date from %s on.', v_earliest);
    end if;
  end if;
  return new;
end
$$;

-- A visitor of the site: a request with a client address (request.client_ip,
-- which the server sets for every HTTP caller, the PayPal function included),
-- as for the write limits; not an administrator.
create function public.rental_is_visitor() returns boolean
language sql stable
set search_path = ''
as $$
  select nullif(current_setting('request.client_ip', true), '') is not null and not public.is_admin()
$$;

create trigger bookings_check_rules
  before insert or update of start_date, end_date, pickup_time, return_time on public.bookings
  for each row execute function public.bookings_check_rules();
revoke execute on function public.bookings_check_rules() from public, anon, authenticated;

-- The search answers for no rental longer than the one limit.
create or replace function public.car_availability(p_pickup timestamp, p_return timestamp, p_car_id bigint default null)
returns table (car_id bigint, free boolean, reason text, next_free timestamp, days integer, total integer)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_hold tsrange;
  v_longest integer;
begin
  if p_pickup is null or p_return is null then
    raise exception 'car_availability: pickup and return are required' using errcode = '22023';
  end if;
  if p_return <= p_pickup then
    raise exception 'car_availability: the return must be after the pickup' using errcode = '22023';
  end if;
  select r.longest_rental_days into v_longest from public.rental_rules r;
  if public.rental_periods(p_pickup, p_return) > v_longest then
    raise exception 'car_availability: a rental lasts at most % days', v_longest using errcode = '22023';
  end if;
  select tsrange(p_pickup, p_return + s.turnaround) into v_hold from public.reservation_settings s;
  return query
    select c.id, r.why is null, r.why,
           case when r.why is null or r.why = 'unavailable' then null
                else private.next_free(c.id, p_pickup, p_return - p_pickup) end,
           (q.x ->> 'days')::integer, (q.x ->> 'total')::integer
    from public.cars c
    cross join lateral (select case
        when not c.available then 'unavailable'
        when c.not_available_until is not null and p_pickup::date < c.not_available_until then 'not_yet'
        when exists (select 1 from public.car_blocks k
                     where k.car_id = c.id and tsrange(k.start_date, k.end_date + 1) && v_hold) then 'maintenance'
        when exists (select 1 from public.bookings b
                     where b.car_id = c.id and b.status not in ('cancelled', 'expired') and b.hold && v_hold) then 'booked'
      end as why) r
    cross join lateral (select public.quote_booking(c.id, p_pickup::date, p_return::date,
      p_pickup_time => p_pickup::time, p_return_time => p_return::time) as x) q
    where p_car_id is null or c.id = p_car_id
    order by c.id;
end
$$;
revoke execute on function public.rental_is_visitor() from public, anon, authenticated;
