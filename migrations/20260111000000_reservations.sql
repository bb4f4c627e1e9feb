-- Reservations: dates are the inventory (docs/reservations.md).
-- A booking that is not cancelled or expired holds its car from pickup to return
-- plus a turnaround; two holds of one car never overlap (exclusion constraint).
-- Unconfirmed holds lapse; maintenance blocks and the car's own flags refuse
-- bookings; the price list and the quote live here, and nowhere else.

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
-- gist index over (bigint =, range &&) for the exclusion constraint.
create extension if not exists btree_gist with schema extensions;

-- ---------------------------------------------------------------------------
-- Settings (one row). Administrators tune them; tests shorten them.
create table public.reservation_settings (
  id boolean primary key default true check (id),
  turnaround interval not null default interval '2 hours' check (turnaround >= interval '0'),
  paypal_hold interval not null default interval '30 minutes' check (paypal_hold > interval '0'),
  request_hold interval not null default interval '24 hours' check (request_hold > interval '0')
);
insert into public.reservation_settings default values;
alter table public.reservation_settings enable row level security;
grant select, update (turnaround, paypal_hold, request_hold) on public.reservation_settings to authenticated;
grant select, update on public.reservation_settings to service_role;
create policy reservation_settings_select_admin on public.reservation_settings for select to authenticated
  using ((select public.is_admin()));
create policy reservation_settings_update_admin on public.reservation_settings for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

-- ---------------------------------------------------------------------------
-- The price list (SPEC section 9). Everyone reads it: the wizard shows these prices.
create table public.booking_options (
  key text primary key,
  kind text not null check (kind in ('insurance', 'extra')),
  price integer not null check (price >= 0), -- DH
  per_day boolean not null,                  -- false: once per rental
  position integer not null default 0
);
insert into public.booking_options (key, kind, price, per_day, position) values
  ('basic', 'insurance', 0, true, 1),
  ('premium', 'insurance', 75, true, 2),
  ('platinum', 'insurance', 120, true, 3),
  ('gps', 'extra', 50, true, 10),
  ('wifi', 'extra', 50, true, 11),
  ('childSeat', 'extra', 50, true, 12),
  ('additionalDriver', 'extra', 50, true, 13),
  ('roadAssistance', 'extra', 350, false, 14),
  ('carFridge', 'extra', 35, true, 15),
  ('jawazPass', 'extra', 50, true, 16);

create table public.payment_options (
  key text primary key,
  discount_percent integer not null check (discount_percent between 0 and 100),
  due_now_percent integer not null check (due_now_percent between 1 and 100), -- paid online / in advance
  position integer not null default 0
);
insert into public.payment_options (key, discount_percent, due_now_percent, position) values
  ('full', 10, 100, 1),
  ('half', 5, 50, 2),
  ('reserve', 0, 20, 3);

do $$
declare
  t text;
begin
  foreach t in array array['booking_options', 'payment_options'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format('grant select on public.%I to anon, authenticated', t);
    execute format('grant update on public.%I to authenticated', t);
    execute format('grant select, insert, update, delete on public.%I to service_role', t);
    execute format('create policy %I on public.%I for select to anon, authenticated using (true)', t || '_select_public', t);
    execute format('create policy %I on public.%I for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()))', t || '_update_admin', t);
  end loop;
end
$$;

-- The quote, from the price list: the site's preview, the bookings trigger and the
-- PayPal function all call it.
--   days = end - start, at least 1; base = days x daily price
--   insurance and extras: price x days when per_day, else once
--   total = round(subtotal x (100 - discount_percent) / 100)
--   due_now = total x due_now_percent / 100 (centimes); due_at_pickup = the rest
create or replace function public.quote_booking(
  p_car_id bigint,
  p_start date,
  p_end date,
  p_insurance text default 'basic',
  p_extras jsonb default '{}',
  p_payment_option text default 'full'
) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_price integer;
  v_days integer;
  v_opt public.booking_options;
  v_pay public.payment_options;
  v_key text;
  v_value jsonb;
  v_insurance integer;
  v_extras integer := 0;
  v_subtotal integer;
  v_total integer;
  v_due_now numeric;
begin
  if p_car_id is null then
    raise exception 'quote_booking: a car is required' using errcode = '22023';
  end if;
  select c.price into v_price from public.cars c where c.id = p_car_id;
  if not found then
    raise exception 'quote_booking: unknown car %', p_car_id using errcode = '22023';
  end if;
  if p_start is null or p_end is null then
    raise exception 'quote_booking: start and end dates are required' using errcode = '22023';
  end if;
  if p_end < p_start then
    raise exception 'quote_booking: end date % is before start date %', p_end, p_start using errcode = '22023';
  end if;
  v_days := greatest(p_end - p_start, 1);

  select * into v_opt from public.booking_options o where o.key = coalesce(p_insurance, 'basic') and o.kind = 'insurance';
  if not found then
    raise exception 'quote_booking: unknown insurance "%" (basic, premium or platinum)', p_insurance using errcode = '22023';
  end if;
  v_insurance := v_opt.price * case when v_opt.per_day then v_days else 1 end;

  if p_extras is not null and jsonb_typeof(p_extras) <> 'object' then
    raise exception 'quote_booking: extras must be a JSON object of booleans' using errcode = '22023';
  end if;
  for v_key, v_value in select e.key, e.value from jsonb_each(coalesce(p_extras, '{}'::jsonb)) e loop
    select * into v_opt from public.booking_options o where o.key = v_key and o.kind = 'extra';
    if not found then
      raise exception 'quote_booking: unknown extra "%"', v_key using errcode = '22023';
    end if;
    if jsonb_typeof(v_value) not in ('boolean', 'null') then
      raise exception 'quote_booking: extra "%" must be true or false', v_key using errcode = '22023';
    end if;
    if v_value = 'true'::jsonb then
      v_extras := v_extras + v_opt.price * case when v_opt.per_day then v_days else 1 end;
    end if;
  end loop;

  select * into v_pay from public.payment_options p where p.key = coalesce(p_payment_option, 'full');
  if not found then
    raise exception 'quote_booking: unknown payment option "%" (full, half or reserve)', p_payment_option using errcode = '22023';
  end if;

  v_subtotal := v_days * v_price + v_insurance + v_extras;
  v_total := round(v_subtotal * (100 - v_pay.discount_percent) / 100.0)::integer;
  v_due_now := round(v_total * v_pay.due_now_percent / 100.0, 2);
  return jsonb_build_object(
    'days', v_days,
    'daily_price', v_price,
    'base', v_days * v_price,
    'insurance', v_insurance,
    'extras', v_extras,
    'subtotal', v_subtotal,
    'discount_rate', round(v_pay.discount_percent / 100.0, 2),
    'discount', v_subtotal - v_total,
    'total', v_total,
    'due_now_percent', v_pay.due_now_percent,
    'due_now', v_due_now,
    'due_at_pickup', v_total - v_due_now);
end
$$;

-- The stored price now includes what is due in advance.
create or replace function public.bookings_compute_price() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  q jsonb;
begin
  if tg_op = 'INSERT' then
    new.insurance_type := coalesce(new.insurance_type, 'basic');
    new.extras := coalesce(new.extras, '{}'::jsonb);
    new.payment_option := coalesce(new.payment_option, 'full');
    new.language := coalesce(new.language, 'fr');
    new.payment_status := coalesce(new.payment_status, 'pending');
    new.status := coalesce(new.status, 'pending');
    if new.car_id is null then
      raise exception 'a booking needs a car' using errcode = '22023';
    end if;
  else
    if new.car_id is null
       or (new.car_id, new.start_date, new.end_date, new.insurance_type, new.extras, new.payment_option)
          is not distinct from
          (old.car_id, old.start_date, old.end_date, old.insurance_type, old.extras, old.payment_option) then
      return new;
    end if;
  end if;
  q := public.quote_booking(new.car_id, new.start_date, new.end_date,
                            new.insurance_type, new.extras, new.payment_option);
  new.days := (q ->> 'days')::integer;
  new.total_price := (q ->> 'total')::integer;
  new.amount_due_now := (q ->> 'due_now')::numeric;
  return new;
end
$$;

-- ---------------------------------------------------------------------------
-- Maintenance blocks: whole days (start_date..end_date inclusive) an
-- administrator takes a car out of service, with the reason.
create table public.car_blocks (
  id bigint generated by default as identity primary key,
  car_id bigint not null references public.cars (id) on delete cascade,
  start_date date not null,
  end_date date not null,
  reason text not null check (btrim(reason) <> ''),
  created_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  constraint car_blocks_dates_check check (end_date >= start_date)
);
create index car_blocks_car_dates_idx on public.car_blocks (car_id, start_date);
alter table public.car_blocks enable row level security;
grant select, insert, update, delete on public.car_blocks to authenticated, service_role;
create policy car_blocks_select_admin on public.car_blocks for select to authenticated
  using ((select public.is_admin()));
create policy car_blocks_insert_admin on public.car_blocks for insert to authenticated
  with check ((select public.is_admin()));
create policy car_blocks_update_admin on public.car_blocks for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy car_blocks_delete_admin on public.car_blocks for delete to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------
-- Bookings hold their car.
alter table public.bookings drop constraint bookings_status_check;
alter table public.bookings add constraint bookings_status_check
  check (status in ('pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'expired'));
alter table public.bookings
  add column hold tsrange,               -- [pickup, return + turnaround), local time
  add column hold_expires_at timestamptz; -- when an unconfirmed hold lapses
comment on column public.bookings.hold is 'set by the database: [pickup, return + turnaround) in Casablanca time';
comment on column public.bookings.hold_expires_at is 'set by the database: when this pending booking expires unless confirmed or paid';

-- Existing rows: their hold, and a lapse time for those still pending. Rows that
-- already overlap an earlier booking (possible before this migration) keep no hold
-- and get a note for the agency; everything else is held from now on.
update public.bookings b set
  hold = tsrange(b.start_date + b.pickup_time,
                 greatest(b.end_date + b.return_time + s.turnaround, b.start_date + b.pickup_time)),
  hold_expires_at = case when b.status = 'pending' then
    now() + case when b.payment_method = 'paypal' then s.paypal_hold else s.request_hold end end
from public.reservation_settings s;
update public.bookings b set
  hold = null,
  notes = concat_ws(E'\n', b.notes, 'Dates en conflit avec une réservation antérieure (enregistrée avant le contrôle des dates) : à vérifier.')
where b.status not in ('cancelled', 'expired')
  and exists (select 1 from public.bookings o
              where o.car_id = b.car_id and o.id <> b.id and o.status not in ('cancelled', 'expired')
                and o.hold && b.hold and (o.created_at, o.id) < (b.created_at, b.id));

alter table public.bookings add constraint bookings_no_overlap
  exclude using gist (car_id with =, hold with &&) where (status not in ('cancelled', 'expired'));
create index bookings_hold_expires_idx on public.bookings (hold_expires_at) where status = 'pending';

-- PostgREST custom error: HTTP 409 with our code, a message and JSON details.
create function private.refuse_booking(p_code text, p_message text, p_details jsonb) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = jsonb_build_object('code', p_code, 'message', p_message, 'details', p_details, 'hint', null)::text,
    detail = '{"status": 409}';
end
$$;

-- The earliest moment from p_from at which a rental of p_length (plus the
-- turnaround) fits for the car: the first gap long enough between its holds, its
-- blocks and the day it comes back. Null when the car is marked unavailable or
-- nothing fits within a year. A block or a return date frees the car at the
-- requested time of day, so the suggestion keeps the visitor's hour.
create function private.next_free(p_car_id bigint, p_from timestamp, p_length interval, p_exclude uuid default null)
returns timestamp
language sql stable
set search_path = ''
as $$
  with busy as (
    select range_agg(x.r) as m from (
      select b.hold as r from public.bookings b
        where b.car_id = p_car_id and b.status not in ('cancelled', 'expired') and upper(b.hold) > p_from
          and b.id is distinct from p_exclude
      union all select tsrange(k.start_date, (k.end_date + 1) + p_from::time) from public.car_blocks k
        where k.car_id = p_car_id and k.end_date + 1 > p_from::date
      union all select tsrange(null, c.not_available_until + p_from::time) from public.cars c
        where c.id = p_car_id and c.not_available_until is not null
    ) x
  )
  select min(lower(g))
  from public.cars c, public.reservation_settings s, busy,
       unnest(tsmultirange(tsrange(p_from, null)) - coalesce(busy.m, '{}'::tsmultirange)) g
  where c.id = p_car_id and c.available
    and (upper_inf(g) or upper(g) - lower(g) >= p_length + s.turnaround)
    and lower(g) < p_from + interval '366 days'
$$;

-- Sets hold and hold_expires_at, and refuses what the car cannot take. Runs as the
-- owner: the caller (anon) may not read other bookings or the blocks. The per-car
-- transaction lock makes racing inserts queue here, so each loser sees the winner
-- and gets BK001; the exclusion constraint stays the guarantee (23P01) for
-- callers in REPEATABLE READ or SERIALIZABLE, whose snapshot cannot see it.
create function public.bookings_hold() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_set public.reservation_settings;
  v_pickup timestamp := new.start_date + new.pickup_time;
  v_return timestamp := new.end_date + new.return_time;
  v_holding boolean := new.status not in ('cancelled', 'expired');
  v_available boolean;
  v_until date;
begin
  select * into v_set from public.reservation_settings;

  -- An unconfirmed hold lapses; entering pending (again) starts its clock.
  if new.status = 'pending' then
    if tg_op = 'INSERT' or old.status <> 'pending' then
      new.hold_expires_at := now() + case when new.payment_method = 'paypal' then v_set.paypal_hold else v_set.request_hold end;
    end if;
  elsif new.status <> 'expired' then
    new.hold_expires_at := null;
  end if;

  if tg_op = 'UPDATE'
     and (new.car_id, new.start_date, new.end_date, new.pickup_time, new.return_time)
         is not distinct from (old.car_id, old.start_date, old.end_date, old.pickup_time, old.return_time)
     and not (v_holding and old.status in ('cancelled', 'expired')) then
    return new; -- nothing that decides the hold changed
  end if;

  if v_return <= v_pickup then
    raise exception 'the return (%) must be after the pickup (%)', v_return, v_pickup using errcode = '22023';
  end if;
  new.hold := tsrange(v_pickup, v_return + v_set.turnaround);
  if not v_holding or new.car_id is null then
    return new;
  end if;

  perform pg_advisory_xact_lock(1313, (new.car_id % 2147483647)::integer);
  select c.available, c.not_available_until into v_available, v_until from public.cars c where c.id = new.car_id;
  if not found then
    return new; -- the foreign key refuses it
  end if;
  if not v_available then
    perform private.refuse_booking('BK002', 'This car is not available for booking', '{}');
  end if;
  if v_until is not null and new.start_date < v_until then
    perform private.refuse_booking('BK003', format('This car is not available until %s', v_until),
      jsonb_build_object('until', v_until, 'next_free', private.next_free(new.car_id, v_pickup, v_return - v_pickup, new.id)));
  end if;
  if exists (select 1 from public.car_blocks k
             where k.car_id = new.car_id and tsrange(k.start_date, k.end_date + 1) && new.hold) then
    perform private.refuse_booking('BK004', 'This car is in maintenance on these dates',
      jsonb_build_object('next_free', private.next_free(new.car_id, v_pickup, v_return - v_pickup, new.id)));
  end if;
  if exists (select 1 from public.bookings b
             where b.car_id = new.car_id and b.id <> new.id and b.status not in ('cancelled', 'expired')
               and b.hold && new.hold) then
    perform private.refuse_booking('BK001', 'This car is already booked for these dates',
      jsonb_build_object('next_free', private.next_free(new.car_id, v_pickup, v_return - v_pickup, new.id)));
  end if;
  return new;
end
$$;
create trigger bookings_hold
  before insert or update of car_id, start_date, end_date, pickup_time, return_time, status
  on public.bookings
  for each row execute function public.bookings_hold();

-- Lapsed holds become 'expired' (dates freed). Every replica's worker may run it at
-- once: rows are claimed with SKIP LOCKED and the update repeats the condition, so
-- each booking expires once. A booking with a capture id is left to an administrator
-- (money moved). Returns how many expired.
create function public.expire_booking_holds() returns integer
language sql
set search_path = ''
as $$
  with due as (
    select b.id from public.bookings b
    where b.status = 'pending' and b.hold_expires_at <= now() and b.payment_id is null
    order by b.hold_expires_at
    limit 1000
    for update skip locked
  ), done as (
    update public.bookings b
    set status = 'expired',
        payment_status = case when b.payment_status = 'pending' then 'unpaid' else b.payment_status end
    from due
    where b.id = due.id and b.status = 'pending' and b.payment_id is null
    returning 1
  )
  select count(*)::integer from done
$$;
revoke execute on function public.expire_booking_holds() from public, anon, authenticated;
grant execute on function public.expire_booking_holds() to service_role;

-- ---------------------------------------------------------------------------
-- What visitors may know: free or not, why, and from when. Never who, never which
-- booking. Local timestamps (Casablanca wall clock).
create function public.car_availability(p_pickup timestamp, p_return timestamp, p_car_id bigint default null)
returns table (car_id bigint, free boolean, reason text, next_free timestamp, days integer, total integer)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  v_hold tsrange;
begin
  if p_pickup is null or p_return is null then
    raise exception 'car_availability: pickup and return are required' using errcode = '22023';
  end if;
  if p_return <= p_pickup then
    raise exception 'car_availability: the return must be after the pickup' using errcode = '22023';
  end if;
  if p_return - p_pickup > interval '366 days' then
    raise exception 'car_availability: a rental lasts at most a year' using errcode = '22023';
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
    cross join lateral (select public.quote_booking(c.id, p_pickup::date, p_return::date) as x) q
    where p_car_id is null or c.id = p_car_id
    order by c.id;
end
$$;

-- Day by day for one car: free, partial (held for part of the day) or taken.
create function public.car_calendar(p_car_id bigint, p_from date, p_days integer default 60)
returns table (day date, state text)
language sql stable security definer
set search_path = ''
as $$
  with car as (
    select c.available, c.not_available_until from public.cars c where c.id = p_car_id
  ), win as (
    select tsrange(p_from, p_from + least(greatest(coalesce(p_days, 60), 1), 366)) as r
  ), held as (
    select range_agg(s.r) as m from (
      select b.hold as r from public.bookings b, win
        where b.car_id = p_car_id and b.status not in ('cancelled', 'expired') and b.hold && win.r
      union all select tsrange(k.start_date, k.end_date + 1) from public.car_blocks k, win
        where k.car_id = p_car_id and tsrange(k.start_date, k.end_date + 1) && win.r
      union all select tsrange(null, car.not_available_until) from car where car.not_available_until is not null
      union all select tsrange(null, null) from car where not car.available
    ) s
  )
  select d::date,
         case when held.m @> tsrange(d, d + interval '1 day') then 'taken'
              when held.m && tsrange(d, d + interval '1 day') then 'partial'
              else 'free' end
  from win, held, car,
       generate_series(lower(win.r), upper(win.r) - interval '1 day', interval '1 day') d
  order by 1
$$;

-- SPEC section 4's display rule, as a computed field (select=*,bookable): available
-- and back in service today (Casablanca) or earlier.
create function public.bookable(public.cars) returns boolean
language sql stable
set search_path = ''
as $$
  select $1.available and ($1.not_available_until is null
    or $1.not_available_until <= (now() at time zone 'Africa/Casablanca')::date)
$$;
