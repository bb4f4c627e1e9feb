-- A rental is charged per started 24-hour period from pickup to return, as every
-- rental company does, with a short grace: 09:00 -> 18:00 three days later is four
-- periods, 09:00 -> 09:45 three days later is three. It used to count calendar
-- days, whatever the hours (docs/reservations.md, "Rental periods").

-- ---------------------------------------------------------------------------
-- The rental terms a visitor may read (one row): the site, the e-mails and the
-- back office read them here. Administrators tune them.
create table public.rental_rules (
  id boolean primary key default true check (id),
  -- a return this much later than a whole number of 24-hour periods is not charged
  period_grace interval not null default interval '59 minutes'
    check (period_grace >= interval '0' and period_grace < interval '24 hours')
);
insert into public.rental_rules default values;
alter table public.rental_rules enable row level security;
grant select on public.rental_rules to anon, authenticated;
grant update (period_grace) on public.rental_rules to authenticated;
grant select, update on public.rental_rules to service_role;
create policy rental_rules_select_public on public.rental_rules for select to anon, authenticated using (true);
create policy rental_rules_update_admin on public.rental_rules for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

-- Started 24-hour periods between two local timestamps, less the grace; at least 1.
create function public.rental_periods(p_pickup timestamp, p_return timestamp) returns integer
language sql stable
set search_path = ''
as $$
  select greatest(1, ceil(extract(epoch from (p_return - p_pickup - r.period_grace)) / 86400)::integer)
  from public.rental_rules r
$$;
grant execute on function public.rental_periods(timestamp, timestamp) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The quote takes the hours. Without them (older callers) pickup and return are
-- at the same hour, which counts calendar days as before.
drop function public.quote_booking(bigint, date, date, text, jsonb, text);
create function public.quote_booking(
  p_car_id bigint,
  p_start date,
  p_end date,
  p_insurance text default 'basic',
  p_extras jsonb default '{}',
  p_payment_option text default 'full',
  p_pickup_time time default null,
  p_return_time time default null
) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  v_price integer;
  v_category text;
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
  select c.price, c.category into v_price, v_category from public.cars c where c.id = p_car_id;
  if not found then
    raise exception 'quote_booking: unknown car %', p_car_id using errcode = '22023';
  end if;
  if p_start is null or p_end is null then
    raise exception 'quote_booking: start and end dates are required' using errcode = '22023';
  end if;
  if p_end < p_start then
    raise exception 'quote_booking: end date % is before start date %', p_end, p_start using errcode = '22023';
  end if;
  v_days := public.rental_periods(p_start + coalesce(p_pickup_time, p_return_time, time '10:00'),
                                  p_end + coalesce(p_return_time, p_pickup_time, time '10:00'));

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
    'due_at_pickup', v_total - v_due_now,
    'deposit', coalesce((select d.amount from public.category_deposits d where d.category = v_category), 0));
end
$$;
revoke execute on function public.quote_booking(bigint, date, date, text, jsonb, text, time, time) from public;
grant execute on function public.quote_booking(bigint, date, date, text, jsonb, text, time, time) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- The stored booking is priced with its hours, and repriced when they change.
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
    new.status := coalesce(new.status, 'pending');
    if new.payment_method is distinct from 'paypal' and coalesce(new.payment_status, 'none') in ('none', 'pending', 'unpaid') then
      new.payment_status := 'none';
    elsif new.payment_method = 'paypal' and coalesce(new.payment_status, 'none') = 'none' then
      new.payment_status := 'pending'; -- an online attempt waits for its payment
    end if;
    if new.car_id is null then
      raise exception 'a booking needs a car' using errcode = '22023';
    end if;
  else
    if new.car_id is null
       or (new.car_id, new.start_date, new.end_date, new.pickup_time, new.return_time,
           new.insurance_type, new.extras, new.payment_option)
          is not distinct from
          (old.car_id, old.start_date, old.end_date, old.pickup_time, old.return_time,
           old.insurance_type, old.extras, old.payment_option) then
      return new;
    end if;
  end if;
  q := public.quote_booking(new.car_id, new.start_date, new.end_date,
                            new.insurance_type, new.extras, new.payment_option,
                            new.pickup_time, new.return_time);
  new.days := (q ->> 'days')::integer;
  new.total_price := (q ->> 'total')::integer;
  new.amount_due_now := (q ->> 'due_now')::numeric;
  new.quote := q;
  return new;
end
$$;
drop trigger bookings_compute_price on public.bookings;
create trigger bookings_compute_price
  before insert or update of car_id, start_date, end_date, pickup_time, return_time, insurance_type, extras, payment_option
  on public.bookings
  for each row execute function public.bookings_compute_price();

-- ---------------------------------------------------------------------------
-- Search results show the same total as the booking: priced with the hours.
create or replace function public.car_availability(p_pickup timestamp, p_return timestamp, p_car_id bigint default null)
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
    cross join lateral (select public.quote_booking(c.id, p_pickup::date, p_return::date,
      p_pickup_time => p_pickup::time, p_return_time => p_return::time) as x) q
    where p_car_id is null or c.id = p_car_id
    order by c.id;
end
$$;
