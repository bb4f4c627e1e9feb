-- Holds that one visitor cannot hoard (docs/reservations.md, "Fair holds").
-- An unpaid request holds its car for a day and costs the visitor nothing, so
-- without these bounds nine requests from one address held every car for the
-- whole summer and could be renewed each day. The bounds live next to the hold
-- rules: per client address, e-mail and phone at most a few active unpaid holds;
-- unpaid WhatsApp holds may take only a share of the fleet for overlapping
-- dates; a request far ahead or for a long rental holds the car for less time.
-- They apply to a visitor's booking (a client address and not an administrator,
-- whatever the role: the PayPal function inserts as service_role on the
-- visitor's behalf); administrators, jobs and SQL without an address are free.

-- The address a booking came from (request.client_ip): what the limit and the
-- back office's list of suspicious holds group by. Set by the database only.
alter table public.bookings add column client_ip text;
comment on column public.bookings.client_ip is 'set by the database: the client address the booking was made from (null for the agency, jobs and SQL)';

alter table public.reservation_settings
  add column holds_per_address integer not null default 3 check (holds_per_address > 0),
  add column holds_per_email integer not null default 2 check (holds_per_email > 0),
  add column holds_per_phone integer not null default 2 check (holds_per_phone > 0),
  add column whatsapp_fleet_share numeric(3, 2) not null default 0.6 check (whatsapp_fleet_share > 0 and whatsapp_fleet_share <= 1),
  add column long_hold interval not null default interval '6 hours' check (long_hold > interval '0'),
  add column long_hold_after_days integer not null default 60 check (long_hold_after_days >= 0),
  add column long_hold_rental_days integer not null default 14 check (long_hold_rental_days >= 1);
grant update (holds_per_address, holds_per_email, holds_per_phone, whatsapp_fleet_share,
              long_hold, long_hold_after_days, long_hold_rental_days)
  on public.reservation_settings to authenticated;

-- One person, however the number is typed: digits only, an international
-- prefix (+ or 00) dropped, a national Moroccan number (0 then 9 digits) given
-- its country code. '+212 6 12-34-56-78', '00212612345678' and '0612345678' are
-- all '212612345678'.
create function private.phone_key(p text) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when d ~ '^00' then substr(d, 3)
    when d ~ '^0[0-9]{9}$' then '212' || substr(d, 2)
    else d end
  from (select regexp_replace(coalesce(p, ''), '[^0-9]', '', 'g') as d) x
$$;

-- One mailbox: case and surrounding spaces ignored, a "+tag" in the local part
-- dropped (name+1@x and name+2@x reach the same person).
create function private.email_key(p text) returns text
language sql immutable
set search_path = ''
as $$
  select regexp_replace(lower(btrim(coalesce(p, ''))), '\+[^@]*@', '@')
$$;

-- An active unpaid hold: pending, nothing received, not yet lapsed. The limits
-- below count only those a visitor made (client_ip set) by WhatsApp.
create function private.is_unpaid_hold(b public.bookings) returns boolean
language sql stable
set search_path = ''
as $$
  select b.status = 'pending' and b.payment_id is null
     and b.payment_status in ('none', 'pending', 'failed')
     and (b.hold_expires_at is null or b.hold_expires_at > now())
$$;

create index bookings_pending_ip_idx on public.bookings (client_ip) where status = 'pending';
create index bookings_pending_email_idx on public.bookings (private.email_key(customer_email)) where status = 'pending';
create index bookings_pending_phone_idx on public.bookings (private.phone_key(customer_phone)) where status = 'pending';

-- PostgREST custom error (HTTP 409) like BK001..BK004, with the limit reached.
--   BK005: this address, e-mail or phone already has its share of unpaid holds
--   BK006: unpaid requests already hold the allowed share of the fleet for these dates
create function public.bookings_fair_holds() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_ip text := nullif(current_setting('request.client_ip', true), '');
  v_set public.reservation_settings;
  v_hold tsrange;
  v_n integer;
  v_fleet integer;
  v_cap integer;
begin
  if tg_op = 'INSERT' then
    if public.is_admin() then
      v_ip := null; -- the agency's own bookings are not a visitor's
    end if;
    new.client_ip := v_ip;
  else
    -- A visitor's PayPal attempt turned into a WhatsApp request (paypal-to-whatsapp)
    -- becomes a request of the address it came from, under the same limits.
    new.client_ip := old.client_ip;
    v_ip := old.client_ip;
    if old.payment_method is distinct from 'paypal' or new.payment_method is not distinct from 'paypal' then
      return new;
    end if;
  end if;
  -- A PayPal attempt is left to its own bounds: it holds the car for paypal_hold
  -- (30 minutes) and each one spends a paypal_orders write token.
  if v_ip is null or new.status is distinct from 'pending' or new.payment_method = 'paypal'
     or new.payment_id is not null or new.payment_status not in ('none', 'pending', 'failed') then
    return new;
  end if;
  select * into v_set from public.reservation_settings;
  -- One visitor booking at a time past this point, so that two racing requests
  -- cannot both fit under a limit. It runs before the per-car lock of
  -- bookings_hold (trigger names sort so), which keeps the lock order fixed.
  perform pg_advisory_xact_lock(1314, 0);

  select count(*) into v_n from public.bookings b
  where b.status = 'pending' and b.client_ip = v_ip and b.id <> new.id and private.is_unpaid_hold(b)
    and b.payment_method is distinct from 'paypal';
  if v_n >= v_set.holds_per_address then
    perform private.refuse_booking('BK005', 'Too many unconfirmed bookings from this address',
      jsonb_build_object('limit', v_set.holds_per_address, 'by', 'address'));
  end if;
  select count(*) into v_n from public.bookings b
  where b.status = 'pending' and private.email_key(b.customer_email) = private.email_key(new.customer_email)
    and b.id <> new.id and b.client_ip is not null and private.is_unpaid_hold(b)
    and b.payment_method is distinct from 'paypal';
  if v_n >= v_set.holds_per_email then
    perform private.refuse_booking('BK005', 'Too many unconfirmed bookings for this e-mail address',
      jsonb_build_object('limit', v_set.holds_per_email, 'by', 'email'));
  end if;
  select count(*) into v_n from public.bookings b
  where b.status = 'pending' and private.phone_key(b.customer_phone) = private.phone_key(new.customer_phone)
    and b.id <> new.id and b.client_ip is not null and private.is_unpaid_hold(b)
    and b.payment_method is distinct from 'paypal';
  if v_n >= v_set.holds_per_phone then
    perform private.refuse_booking('BK005', 'Too many unconfirmed bookings for this phone number',
      jsonb_build_object('limit', v_set.holds_per_phone, 'by', 'phone'));
  end if;

  -- The fleet share: visitors' unpaid WhatsApp requests may hold at most
  -- ceil(share x bookable cars) cars over any moment of these dates (a PayPal
  -- attempt pays within minutes; the agency's own bookings are not counted).
  if new.start_date is not null and new.end_date is not null then
    v_hold := tsrange(new.start_date + new.pickup_time,
                      greatest(new.end_date + new.return_time, new.start_date + new.pickup_time) + v_set.turnaround);
    select count(*) into v_fleet from public.cars c
    where c.available and (c.not_available_until is null or c.not_available_until <= new.start_date);
    v_cap := greatest(1, ceil(v_set.whatsapp_fleet_share * v_fleet)::integer);
    select count(distinct b.car_id) into v_n from public.bookings b
    where b.status = 'pending' and b.hold && v_hold and b.car_id is distinct from new.car_id
      and b.client_ip is not null and b.payment_method is distinct from 'paypal' and private.is_unpaid_hold(b);
    if v_n >= v_cap then
      perform private.refuse_booking('BK006', 'Too many cars are held by unconfirmed requests on these dates',
        jsonb_build_object('limit', v_cap));
    end if;
  end if;
  return new;
end
$$;
create trigger bookings_fair_holds before insert or update of payment_method, client_ip on public.bookings
  for each row execute function public.bookings_fair_holds();

-- A request far ahead or for a long rental holds its car for long_hold instead
-- of request_hold: the agency answers within hours either way, and such a hold
-- costs the fleet the most car-days. Runs after bookings_hold has set the time,
-- and when a PayPal attempt becomes a WhatsApp request.
create function public.bookings_hold_window() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_set public.reservation_settings;
begin
  if new.status = 'pending' and new.hold_expires_at is not null
     and new.payment_method is distinct from 'paypal'
     and (tg_op = 'INSERT' or old.status <> 'pending' or old.payment_method = 'paypal') then
    select * into v_set from public.reservation_settings;
    if new.start_date > (now() at time zone 'Africa/Casablanca')::date + v_set.long_hold_after_days
       or new.end_date - new.start_date > v_set.long_hold_rental_days then
      new.hold_expires_at := least(new.hold_expires_at, now() + v_set.long_hold);
    end if;
  end if;
  return new;
end
$$;
create trigger bookings_hold_window before insert or update of status, payment_method, hold_expires_at on public.bookings
  for each row execute function public.bookings_hold_window();

-- The back office's view: groups of active unpaid holds sharing an address, an
-- e-mail or a phone, with at least p_min holds (default 2). Administrators only.
create function public.suspicious_holds(p_min integer default 2)
returns table (kind text, key text, holds integer, cars integer, booking_ids uuid[], booking_refs text[],
               first_start date, last_end date, latest_at timestamptz)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'administrators only' using errcode = '42501';
  end if;
  return query
    with held as (
      select b.* from public.bookings b where b.status = 'pending' and private.is_unpaid_hold(b)
    ), keyed as (
      select 'address'::text as k, h.client_ip as v, h.* from held h where h.client_ip is not null
      union all select 'email', private.email_key(h.customer_email), h.* from held h
      union all select 'phone', private.phone_key(h.customer_phone), h.* from held h
    )
    select k, v, count(*)::integer, count(distinct car_id)::integer,
           array_agg(id order by created_at), array_agg(reference order by created_at),
           min(start_date), max(end_date), max(created_at)
    from keyed
    group by k, v
    having count(*) >= greatest(coalesce(p_min, 2), 1)
    order by count(*) desc, k, v;
end
$$;
revoke execute on function public.suspicious_holds(integer) from public, anon;
grant execute on function public.suspicious_holds(integer) to authenticated;

-- Releases the given holds in one action: each one still an active unpaid hold
-- becomes cancelled (dates freed at once), with a note. Administrators only.
-- Returns how many were released; a booking paid or confirmed meanwhile is kept.
create function public.release_holds(p_ids uuid[]) returns integer
language plpgsql security definer
set search_path = ''
as $$
declare
  v_n integer;
begin
  if not public.is_admin() then
    raise exception 'administrators only' using errcode = '42501';
  end if;
  update public.bookings b
  set status = 'cancelled',
      notes = concat_ws(E'\n', b.notes, format('Blocage libéré par l''agence le %s (demandes non payées en nombre).',
                                               to_char(now() at time zone 'Africa/Casablanca', 'DD/MM/YYYY HH24:MI')))
  where b.id = any(coalesce(p_ids, '{}')) and b.status = 'pending' and private.is_unpaid_hold(b);
  get diagnostics v_n = row_count;
  return v_n;
end
$$;
revoke execute on function public.release_holds(uuid[]) from public, anon;
grant execute on function public.release_holds(uuid[]) to authenticated;
-- Trigger functions: fired by the table, never called.
revoke execute on function public.bookings_fair_holds() from public, anon, authenticated;
revoke execute on function public.bookings_hold_window() from public, anon, authenticated;
