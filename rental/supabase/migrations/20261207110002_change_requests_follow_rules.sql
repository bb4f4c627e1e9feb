-- A change request asked on "My booking" is checked by the rules a booking's insert
-- meets, before it is stored: a request for 213 days or for dates in 2099 was stored
-- as "available" with a quote, and only the agency's accept refused it (or not).
-- The rules move from the triggers bookings_bounds and bookings_check_rules into one
-- function that both the bookings trigger and the change request call, so they
-- cannot drift; the errors are the ones a booking got.

-- The rental rules of a trip, in the order a visitor's insert met them: the years
-- (for everyone, before any price is computed: a rental to the year 294276 would
-- overflow it), how far ahead (reservation_settings.max_days_ahead), the return after
-- the pickup, the longest rental and the earliest pickup (rental_rules). p_new_by_visitor:
-- a new trip asked by a visitor (public.rental_is_visitor()): the agency, jobs and
-- SQL may record past rentals, and a booking's later changes keep its pickup.
create function private.check_booking_rules(p_start date, p_end date, p_pickup time, p_return time,
                                            p_new_by_visitor boolean) returns void
  language plpgsql stable
  set search_path = ''
as $$
declare
  v_rules public.rental_rules;
  v_today date := (now() at time zone 'Africa/Casablanca')::date;
  v_ahead integer;
  v_earliest date;
begin
  if p_start < date '2000-01-01' or p_end >= date '2100-01-01' then
    raise exception 'booking dates must lie between 2000 and 2099 (% to %)', p_start, p_end
      using errcode = 'check_violation', constraint = 'bookings_years_check';
  end if;
  if p_new_by_visitor and p_start is not null then
    select s.max_days_ahead into v_ahead from public.reservation_settings s;
    if p_start > v_today + v_ahead then
      raise exception 'the pickup date (%) is more than % days ahead', p_start, v_ahead
        using errcode = '22023', hint = format('Choose a pickup date until %s.', v_today + v_ahead);
    end if;
  end if;
  if p_start is null or p_end is null then
    return; -- the not-null constraints speak
  end if;
  if p_end + p_return <= p_start + p_pickup then
    raise exception 'the return (%) must be after the pickup (%)', p_end + p_return, p_start + p_pickup using errcode = '22023';
  end if;
  select * into v_rules from public.rental_rules;
  if public.rental_periods(p_start + p_pickup, p_end + p_return) > v_rules.longest_rental_days then
    raise exception 'a rental lasts at most % days', v_rules.longest_rental_days
      using errcode = '22023', hint = 'For a longer rental, contact the agency.';
  end if;
  if p_new_by_visitor then
    v_earliest := v_today + v_rules.earliest_pickup_days;
    if p_start < v_earliest then
      raise exception 'the pickup date (%) is before %', p_start, v_earliest
        using errcode = '22023', hint = format('Choose a pickup date from %s on.', v_earliest);
    end if;
  end if;
end
$$;
revoke all on function private.check_booking_rules(date, date, time, time, boolean) from public;

-- The bookings trigger keeps its name and events (insert, and an update of the
-- dates or hours) and calls the rules; bookings_bounds' part moves into them.
create or replace function public.bookings_check_rules() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and (new.start_date, new.end_date, new.pickup_time, new.return_time)
         is not distinct from (old.start_date, old.end_date, old.pickup_time, old.return_time) then
    return new;
  end if;
  perform private.check_booking_rules(new.start_date, new.end_date, new.pickup_time, new.return_time,
                                      tg_op = 'INSERT' and public.rental_is_visitor());
  return new;
end
$$;

drop trigger bookings_bounds on public.bookings;
drop function public.bookings_bounds();

-- Replaced to check the rules before quoting and storing the request (and to catch
-- only the message's length check: the years' check_violation is the rules' answer).
create or replace function public.my_booking_change_request(p_token text, p_car_id bigint, p_start date, p_end date,
    p_pickup_time time without time zone default null, p_return_time time without time zone default null,
    p_message text default null) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  b public.bookings;
  v_car bigint;
  v_pickup time;
  v_return time;
  v_quote jsonb;
  v_free boolean;
  r public.booking_change_requests;
begin
  perform private.my_booking_limit('my_booking_change');
  b := private.booking_for_token(p_token, true);
  if b.status not in ('pending', 'confirmed') then
    perform private.my_booking_error(409, 'MB003', 'This booking can no longer be changed', jsonb_build_object('status', b.status));
  end if;
  v_car := coalesce(p_car_id, b.car_id);
  v_pickup := coalesce(p_pickup_time, b.pickup_time);
  v_return := coalesce(p_return_time, b.return_time);
  if p_start is null or p_end is null or p_start < (now() at time zone 'Africa/Casablanca')::date then
    perform private.my_booking_error(400, 'MB004', 'Choose dates from today on');
  end if;
  if nullif(btrim(p_message), '') is not null and length(btrim(p_message)) > 1000 then
    perform private.my_booking_error(400, 'MB004', 'The message is too long');
  end if;
  perform private.check_booking_rules(p_start, p_end, v_pickup, v_return, public.rental_is_visitor());
  v_quote := public.quote_booking(v_car, p_start, p_end, b.insurance_type, b.extras, b.payment_option, v_pickup, v_return);
  select not exists (
      select 1 from public.bookings o
      where o.car_id = v_car and o.id <> b.id and o.status not in ('cancelled', 'expired')
        and o.hold && tsrange(p_start + v_pickup, p_end + v_return + s.turnaround))
    and not exists (select 1 from public.car_blocks k where k.car_id = v_car and k.start_date <= p_end and k.end_date >= p_start)
    and exists (select 1 from public.cars c where c.id = v_car and c.available
                and (c.not_available_until is null or c.not_available_until <= p_start))
    into v_free
  from public.reservation_settings s;

  update public.booking_change_requests set state = 'refused', decided_at = now()
  where booking_id = b.id and kind = 'change' and state = 'pending';
  insert into public.booking_change_requests (booking_id, kind, car_id, start_date, end_date, pickup_time, return_time,
      quote, available, message)
  values (b.id, 'change', v_car, p_start, p_end, v_pickup, v_return, v_quote, v_free, nullif(btrim(p_message), ''))
  returning * into r;
  perform private.tell_agency(b, r);
  return private.my_booking_view(b);
end
$$;
