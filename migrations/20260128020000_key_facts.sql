-- The whole deal before the traveller commits. What the agency asks of a driver
-- and what it holds against damage were told only at the counter; now the quote
-- answers them for each rental, so step 4, the stored booking (bookings.quote),
-- the confirmation page and the e-mail state the same figures.
--
-- Key facts are per category, like the deposit: the agency rents "a Compact or
-- similar", and its insurer prices the excess, and sets the driver's age, by
-- class of car. What a car includes (GPS, child seat...) stays per car
-- (cars.*_included), because it is equipment of that car.

-- ---------------------------------------------------------------------------
-- Mileage, fuel and the driver a category asks for.
create table public.category_key_facts (
  category text primary key check (category in ('Économique', 'Compact', 'Berline', 'Premium', 'SUV', 'Utilitaire')),
  mileage_km_per_day integer check (mileage_km_per_day > 0), -- null: unlimited mileage
  fuel_policy text not null default 'same_to_same' check (fuel_policy in ('same_to_same', 'full_to_full')),
  min_driver_age integer not null default 21 check (min_driver_age between 18 and 99),
  min_licence_years integer not null default 2 check (min_licence_years between 0 and 60)
);
insert into public.category_key_facts (category, mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years) values
  ('Économique', null, 'same_to_same', 21, 2),
  ('Compact', null, 'same_to_same', 21, 2),
  ('Berline', null, 'same_to_same', 23, 2),
  ('Premium', 300, 'full_to_full', 25, 3),
  ('SUV', 300, 'same_to_same', 25, 3),
  ('Utilitaire', 250, 'same_to_same', 23, 2);

-- The excess (what the traveller pays at most for damage) per category and
-- insurance level, in DH: the insurance levels are the price list's.
create table public.category_excess (
  category text not null check (category in ('Économique', 'Compact', 'Berline', 'Premium', 'SUV', 'Utilitaire')),
  insurance text not null references public.booking_options (key) on update cascade on delete cascade,
  amount integer not null check (amount >= 0), -- DH
  primary key (category, insurance)
);
insert into public.category_excess (category, insurance, amount)
select d.category, o.key,
       case o.key when 'basic' then d.amount * 2 when 'premium' then d.amount / 2 else 0 end
from public.category_deposits d cross join public.booking_options o
where o.kind = 'insurance';

-- Readable by everyone; administrators edit (as category_deposits).
alter table public.category_key_facts enable row level security;
grant select on public.category_key_facts to anon, authenticated;
grant update (mileage_km_per_day, fuel_policy, min_driver_age, min_licence_years) on public.category_key_facts to authenticated;
grant select, insert, update, delete on public.category_key_facts to service_role;
create policy category_key_facts_select_public on public.category_key_facts for select to anon, authenticated using (true);
create policy category_key_facts_update_admin on public.category_key_facts for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

alter table public.category_excess enable row level security;
grant select on public.category_excess to anon, authenticated;
grant update (amount) on public.category_excess to authenticated;
grant select, insert, update, delete on public.category_excess to service_role;
create policy category_excess_select_public on public.category_excess for select to anon, authenticated using (true);
create policy category_excess_update_admin on public.category_excess for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

-- ---------------------------------------------------------------------------
-- What a cancellation after the free window costs, and which terms a traveller
-- accepts: rental rules, so the quote and the bookings trigger read them.
alter table public.rental_rules
  -- days of the rental at the car's daily price (never more than the total); 0: free
  add column late_cancellation_days integer not null default 1 check (late_cancellation_days between 0 and 90),
  -- the version of the rental terms the site shows; a visitor's booking records it
  add column terms_version text not null default '2026-11-01'
    check (terms_version ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$');
grant update (late_cancellation_days, terms_version) on public.rental_rules to authenticated;

-- ---------------------------------------------------------------------------
-- A booking records which terms the traveller accepted and when (the database's
-- clock), and that the driver meets the car's minimum age and licence years.
alter table public.bookings
  add column terms_version text check (char_length(terms_version) <= 40),
  add column terms_accepted_at timestamptz,
  add column driver_requirements_confirmed boolean not null default false;
grant insert (terms_version, driver_requirements_confirmed) on public.bookings to anon, authenticated;

-- A visitor's booking (a request with a client address, not an administrator:
-- the site, create-paypal-order) must carry the current terms version and the
-- driver's confirmation; the agency recording a booking, jobs and SQL need not
-- (the traveller signs the contract at the counter). Whoever sends a version
-- must send the current one, and the time of acceptance is the database's.
create function public.bookings_terms() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_rules public.rental_rules;
begin
  select * into v_rules from public.rental_rules;
  if new.terms_version is null and public.rental_is_visitor() then
    raise exception 'the rental terms must be accepted before booking'
      using errcode = '22023', hint = format('Send terms_version = %s after the traveller ticks the box.', v_rules.terms_version);
  end if;
  if new.terms_version is not null and new.terms_version is distinct from v_rules.terms_version then
    raise exception 'the rental terms changed (version % is current, not %)', v_rules.terms_version, new.terms_version
      using errcode = '22023', hint = 'Show the current terms and ask again.';
  end if;
  if not new.driver_requirements_confirmed and public.rental_is_visitor() then
    raise exception 'the driver must meet the car''s minimum age and licence years'
      using errcode = '22023', hint = 'Send driver_requirements_confirmed = true after the traveller confirms it.';
  end if;
  new.terms_accepted_at := case when new.terms_version is null then null else now() end;
  return new;
end
$$;
create trigger bookings_terms
  before insert on public.bookings
  for each row execute function public.bookings_terms();
revoke execute on function public.bookings_terms() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- The quote states the key facts and the cost of a late cancellation (every
-- field it had is kept).
create or replace function public.quote_booking(
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
  v_car public.cars;
  v_included text[];
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
  v_rules public.rental_rules;
  v_facts public.category_key_facts;
  v_insurance_key text;
begin
  select * into v_rules from public.rental_rules;
  if p_car_id is null then
    raise exception 'quote_booking: a car is required' using errcode = '22023';
  end if;
  select * into v_car from public.cars c where c.id = p_car_id;
  if not found then
    raise exception 'quote_booking: unknown car %', p_car_id using errcode = '22023';
  end if;
  v_included := public.included_extras(to_jsonb(v_car));
  if p_start is null or p_end is null then
    raise exception 'quote_booking: start and end dates are required' using errcode = '22023';
  end if;
  if p_end < p_start then
    raise exception 'quote_booking: end date % is before start date %', p_end, p_start using errcode = '22023';
  end if;
  v_days := public.rental_periods(p_start + coalesce(p_pickup_time, p_return_time, time '10:00'),
                                  p_end + coalesce(p_return_time, p_pickup_time, time '10:00'));

  v_insurance_key := coalesce(p_insurance, 'basic');
  select * into v_opt from public.booking_options o where o.key = v_insurance_key and o.kind = 'insurance';
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
    if v_value = 'true'::jsonb and not v_key = any(v_included) then
      v_extras := v_extras + v_opt.price * case when v_opt.per_day then v_days else 1 end;
    end if;
  end loop;

  select * into v_pay from public.payment_options p where p.key = coalesce(p_payment_option, 'full');
  if not found then
    raise exception 'quote_booking: unknown payment option "%" (full, half or reserve)', p_payment_option using errcode = '22023';
  end if;

  select * into v_facts from public.category_key_facts f where f.category = v_car.category;

  v_subtotal := v_days * v_car.price + v_insurance + v_extras;
  v_total := round(v_subtotal * (100 - v_pay.discount_percent) / 100.0)::integer;
  v_due_now := round(v_total * v_pay.due_now_percent / 100.0, 2);
  return jsonb_build_object(
    'days', v_days,
    'daily_price', v_car.price,
    'base', v_days * v_car.price,
    'insurance', v_insurance,
    'extras', v_extras,
    'included', to_jsonb(v_included),
    'subtotal', v_subtotal,
    'discount_rate', round(v_pay.discount_percent / 100.0, 2),
    'discount', v_subtotal - v_total,
    'total', v_total,
    'due_now_percent', v_pay.due_now_percent,
    'due_now', v_due_now,
    'due_at_pickup', v_total - v_due_now,
    'deposit', coalesce((select d.amount from public.category_deposits d where d.category = v_car.category), 0),
    -- local time (Casablanca), as the pickup
    'free_cancellation_until', to_char(p_start + coalesce(p_pickup_time, p_return_time, time '10:00')
                                       - make_interval(hours => v_rules.free_cancellation_hours), 'YYYY-MM-DD"T"HH24:MI:SS'),
    -- what cancelling after that moment costs: the first days at the daily price, never more than the total
    'late_cancellation_days', v_rules.late_cancellation_days,
    'late_cancellation_fee', least(v_total, least(v_rules.late_cancellation_days, v_days) * v_car.price),
    -- the key facts of the car's category, with the excess of the chosen insurance
    -- (null when the agency has not set one: nothing is claimed rather than a zero excess)
    'excess', (select x.amount from public.category_excess x
               where x.category = v_car.category and x.insurance = v_insurance_key),
    'mileage_km_per_day', v_facts.mileage_km_per_day,
    'fuel_policy', v_facts.fuel_policy,
    'min_driver_age', v_facts.min_driver_age,
    'min_licence_years', v_facts.min_licence_years,
    -- the rental terms this quote is made under (a visitor's booking sends it back as accepted)
    'terms_version', v_rules.terms_version);
end
$$;
