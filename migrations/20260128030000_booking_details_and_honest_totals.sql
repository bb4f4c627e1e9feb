-- The details a rental needs, and totals that hide nothing.
--
-- 1. Phone numbers in one form, E.164 ("+212612345678"): the site checks them as
--    real numbers for their country and sends them so; the database refuses any
--    other form, whoever writes the booking. Existing rows typed in the local
--    ways ("06 12 34 56 78", "00212 6…", "212 6…") are rewritten first.
-- 2. Where to deliver and whom to meet: a hotel's name and address when the car
--    is delivered to (or collected from) a hotel; an optional flight number for
--    an airport pickup, checked for its shape.
-- 3. car_availability answers, beside the total paid online, the total for the
--    dates before any discount, the pay-online discount, the deposit and the
--    free-cancellation moment: a result card shows what the traveller pays at
--    the counter and what paying online saves, never a discounted figure alone.

-- ---------------------------------------------------------------- phones

-- A phone number in E.164: "+", a country code not starting with 0, and 7 to 15
-- digits in all. Whether it is a real number of its country is the browser's
-- check (libphonenumber); this is the form the agency stores and dials.
create function public.is_e164(p text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select coalesce(p ~ '^\+[1-9][0-9]{6,14}$', false)
$$;

-- A number typed the usual local ways, in E.164 when it can be told; else as it
-- was. Spaces, dots, dashes and parentheses go; "00" is the international
-- prefix; a Moroccan number written nationally (0 then 9 digits) or without its
-- "+" (212 then 9 digits) gets +212.
create function private.phone_as_e164(p text) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when d ~ '^\+[1-9][0-9]{6,14}$' then d
    when d ~ '^00[1-9][0-9]{6,14}$' then '+' || substr(d, 3)
    when d ~ '^0[5-7][0-9]{8}$' then '+212' || substr(d, 2)
    when d ~ '^212[5-7][0-9]{8}$' then '+' || d
    else p
  end
  from (select regexp_replace(coalesce(p, ''), '[\s.()/-]', '', 'g') as d) s
$$;

update public.bookings
set customer_phone = private.phone_as_e164(customer_phone)
where not public.is_e164(customer_phone)
  and public.is_e164(private.phone_as_e164(customer_phone));

-- ---------------------------------------------------------------- details

-- Another change may add the same columns (the "My booking" page reads them).
alter table public.bookings
  add column if not exists flight_number text,
  add column if not exists hotel_name text,
  add column if not exists hotel_address text;

alter table public.bookings
  add constraint bookings_details_length_check check (
    length(hotel_name) <= 200 and length(hotel_address) <= 500 and length(flight_number) <= 10
  ) not valid;

grant insert (flight_number, hotel_name, hotel_address) on public.bookings to anon, authenticated;

-- A hotel place (delivery or collection): the places are the site's list, and
-- both of the hotel ones start so.
create function private.is_hotel_place(p text) returns boolean
language sql immutable
set search_path = ''
as $$
  select coalesce(p like 'Hôtel%', false)
$$;

-- Refuses with 23514 and a message naming the field: a phone not in E.164, a
-- hotel delivery or collection without the hotel's name and address, a flight
-- number not shaped like one (airline code of 2 letters or digits, or 3 letters,
-- then 1 to 4 digits and an optional letter: "AT200", "U22785", "RAM201"). On
-- insert, and on an update that changes one of these fields, so that a row
-- written before this rule can still change status. Named to run right after
-- bookings_bounds (triggers run in name order): before a write token is spent,
-- the price computed or the car held.
create function public.bookings_bounds_details() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.customer_phone is distinct from old.customer_phone then
    if not public.is_e164(new.customer_phone) then
      raise exception 'customer_phone must be an international number in E.164 form, such as +212612345678 (got "%")', new.customer_phone
        using errcode = '23514', hint = 'Write the number with its country code, digits only, after a "+".';
    end if;
  end if;
  if (private.is_hotel_place(new.pickup_location) or private.is_hotel_place(new.return_location))
     and (tg_op = 'INSERT'
          or (new.pickup_location, new.return_location, new.hotel_name, new.hotel_address)
             is distinct from (old.pickup_location, old.return_location, old.hotel_name, old.hotel_address)) then
    if nullif(btrim(coalesce(new.hotel_name, '')), '') is null then
      raise exception 'hotel_name is required for a delivery to or a collection from a hotel'
        using errcode = '23514', hint = 'Give the hotel''s name and address.';
    end if;
    if nullif(btrim(coalesce(new.hotel_address, '')), '') is null then
      raise exception 'hotel_address is required for a delivery to or a collection from a hotel'
        using errcode = '23514', hint = 'Give the hotel''s name and address.';
    end if;
  end if;
  if new.flight_number is not null
     and (tg_op = 'INSERT' or new.flight_number is distinct from old.flight_number)
     and new.flight_number !~ '^([A-Z0-9]{2}|[A-Z]{3})[0-9]{1,4}[A-Z]?$' then
    raise exception 'flight_number "%" is not a flight number (airline code then 1 to 4 digits, such as AT200)', new.flight_number
      using errcode = '23514';
  end if;
  return new;
end
$$;
revoke execute on function public.bookings_bounds_details() from public, anon, authenticated;

create trigger bookings_bounds_details
  before insert or update of customer_phone, pickup_location, return_location, hotel_name, hotel_address, flight_number
  on public.bookings
  for each row execute function public.bookings_bounds_details();

-- ---------------------------------------------------------------- search totals

-- The return type grows: drop and create (same arguments, same rules as
-- 20260127090200_rental_limits.sql). `total` stays the quote with the default
-- options (basic insurance, no extras, paid online in full); `subtotal` is the
-- same rental before any discount, what is paid at the counter;
-- `online_discount_percent` the discount of paying online in full;
-- `deposit` and `free_cancellation_until` as the quote states them.
drop function public.car_availability(timestamp, timestamp, bigint);
create function public.car_availability(p_pickup timestamp, p_return timestamp, p_car_id bigint default null)
returns table (car_id bigint, free boolean, reason text, next_free timestamp, days integer, total integer,
               subtotal integer, online_discount_percent integer, deposit integer, free_cancellation_until timestamp)
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
           (q.x ->> 'days')::integer, (q.x ->> 'total')::integer,
           (q.x ->> 'subtotal')::integer,
           round((q.x ->> 'discount_rate')::numeric * 100)::integer,
           (q.x ->> 'deposit')::integer,
           (q.x ->> 'free_cancellation_until')::timestamp
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
grant execute on function public.car_availability(timestamp, timestamp, bigint) to anon, authenticated, service_role;
