-- One price rule per channel, and no free-cancellation promise already broken.
--
-- The payment options' discounts (payment_options.discount_percent) are for paying
-- online: only a PayPal booking (payment_method 'paypal') gets them and owes its
-- share now. Any other booking (a WhatsApp request, the agency's cash or card, none
-- named) pays at the agency: no online discount, nothing due now, whatever payment
-- option was picked. Before, a WhatsApp request with the default « Paiement complet »
-- was stored at the online price with all of it "due now", while the search card said
-- the discount was for paying online.
--
-- The free-cancellation moment of a trip whose window is already over when it is
-- quoted is not stated (null, with free_cancellation_over true): the quote says what
-- cancelling costs instead of promising a moment in the past.

drop function public.quote_booking(bigint, date, date, text, jsonb, text, time without time zone, time without time zone);

create function public.quote_booking(p_car_id bigint, p_start date, p_end date,
    p_insurance text default 'basic', p_extras jsonb default '{}'::jsonb, p_payment_option text default 'full',
    p_pickup_time time without time zone default null, p_return_time time without time zone default null,
    p_payment_method text default null) returns jsonb
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
  v_online_total integer;
  v_online_due numeric;
  v_online boolean := p_payment_method is not distinct from 'paypal';
  v_total integer;
  v_due_now numeric;
  v_rules public.rental_rules;
  v_facts public.category_key_facts;
  v_insurance_key text;
  v_free_until timestamp;
  v_free boolean;
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
  if p_payment_method is not null and p_payment_method not in ('whatsapp', 'paypal', 'cash', 'card') then
    raise exception 'quote_booking: unknown payment method "%" (whatsapp, paypal, cash or card)', p_payment_method using errcode = '22023';
  end if;

  select * into v_facts from public.category_key_facts f where f.category = v_car.category;

  v_subtotal := v_days * v_car.price + v_insurance + v_extras;
  -- What paying online with the chosen option costs and takes now.
  v_online_total := round(v_subtotal * (100 - v_pay.discount_percent) / 100.0)::integer;
  v_online_due := round(v_online_total * v_pay.due_now_percent / 100.0, 2);
  -- The channel's figures: online as above; at the agency the whole subtotal, later.
  v_total := case when v_online then v_online_total else v_subtotal end;
  v_due_now := case when v_online then v_online_due else 0 end;

  -- Local time (Casablanca), as the pickup. A moment already past is no promise.
  v_free_until := p_start + coalesce(p_pickup_time, p_return_time, time '10:00')
                  - make_interval(hours => v_rules.free_cancellation_hours);
  v_free := v_free_until > (now() at time zone 'Africa/Casablanca');
  return jsonb_build_object(
    'days', v_days,
    'daily_price', v_car.price,
    'base', v_days * v_car.price,
    'insurance', v_insurance,
    'extras', v_extras,
    'included', to_jsonb(v_included),
    'subtotal', v_subtotal,
    -- 'online' (PayPal) or 'agency' (paid at the agency): which figures these are
    'channel', case when v_online then 'online' else 'agency' end,
    'discount_rate', case when v_online then round(v_pay.discount_percent / 100.0, 2) else 0 end,
    'discount', v_subtotal - v_total,
    'total', v_total,
    'due_now_percent', case when v_online then v_pay.due_now_percent else 0 end,
    'due_now', v_due_now,
    'due_at_pickup', v_total - v_due_now,
    -- the same trip paid online with the chosen option (what the PayPal button takes)
    'online', jsonb_build_object(
      'discount_rate', round(v_pay.discount_percent / 100.0, 2),
      'discount', v_subtotal - v_online_total,
      'total', v_online_total,
      'due_now_percent', v_pay.due_now_percent,
      'due_now', v_online_due,
      'due_at_pickup', v_online_total - v_online_due),
    'deposit', coalesce((select d.amount from public.category_deposits d where d.category = v_car.category), 0),
    'free_cancellation_until', case when v_free then to_char(v_free_until, 'YYYY-MM-DD"T"HH24:MI:SS') end,
    'free_cancellation_over', not v_free,
    -- what cancelling after that moment (or now, when it is over) costs: the first
    -- days at the daily price, never more than the total
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

revoke all on function public.quote_booking(bigint, date, date, text, jsonb, text, time, time, text) from public;
grant execute on function public.quote_booking(bigint, date, date, text, jsonb, text, time, time, text)
  to anon, authenticated, service_role;

-- The booking's price is its channel's: a PayPal booking the online figures, any
-- other the agency's. A change of channel (a PayPal attempt turned into a WhatsApp
-- request) prices it again.
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
           new.insurance_type, new.extras, new.payment_option, new.payment_method is not distinct from 'paypal')
          is not distinct from
          (old.car_id, old.start_date, old.end_date, old.pickup_time, old.return_time,
           old.insurance_type, old.extras, old.payment_option, old.payment_method is not distinct from 'paypal') then
      return new;
    end if;
  end if;
  q := public.quote_booking(new.car_id, new.start_date, new.end_date,
                            new.insurance_type, new.extras, new.payment_option,
                            new.pickup_time, new.return_time,
                            case when new.payment_method = 'paypal' then 'paypal' end);
  new.days := (q ->> 'days')::integer;
  new.total_price := (q ->> 'total')::integer;
  new.amount_due_now := (q ->> 'due_now')::numeric;
  new.quote := q;
  return new;
end
$$;

drop trigger bookings_compute_price on public.bookings;
create trigger bookings_compute_price
  before insert or update of car_id, start_date, end_date, pickup_time, return_time, insurance_type, extras, payment_option, payment_method
  on public.bookings
  for each row execute function public.bookings_compute_price();

-- A booking paid online keeps stating what was paid whatever re-prices it.
drop trigger bookings_reprice_paid on public.bookings;
create trigger bookings_reprice_paid
  before update of car_id, start_date, end_date, pickup_time, return_time, insurance_type, extras, payment_option, payment_method
  on public.bookings
  for each row execute function private.quote_paid_booking();

-- The free-cancellation moment of a booking: its quote's, or for a quote stored
-- before it carried one, 24 hours (the rule) before the pickup; null when that
-- moment had already passed when the booking was made (a quote that says so, or
-- an older quote that stated a moment in the past): no free window was promised.
create or replace function private.free_cancellation_until(b public.bookings) returns timestamp without time zone
  language sql stable
  set search_path = ''
as $$
  select case when v.u > (b.created_at at time zone 'Africa/Casablanca') then v.u end
  from (select case when b.quote ? 'free_cancellation_until' then (b.quote ->> 'free_cancellation_until')::timestamp
                    else (b.start_date + b.pickup_time) - pg_catalog.make_interval(hours => r.free_cancellation_hours) end as u
        from public.rental_rules r) v
$$;
revoke all on function private.free_cancellation_until(public.bookings) from public;

-- Search results: `total` is the quote with the default options paid at the agency
-- (a WhatsApp request's price), `online_total` the same trip paid online in full,
-- `online_discount_percent` the discount between them; `free_cancellation_until`
-- null when the window is already over.
drop function public.car_availability(timestamp without time zone, timestamp without time zone, bigint);
create function public.car_availability(p_pickup timestamp without time zone, p_return timestamp without time zone,
    p_car_id bigint default null)
  returns table(car_id bigint, free boolean, reason text, next_free timestamp without time zone, days integer,
                total integer, subtotal integer, online_total integer, online_discount_percent integer, deposit integer,
                free_cancellation_until timestamp without time zone, late_cancellation_fee integer)
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
           (q.x -> 'online' ->> 'total')::integer,
           round((q.x -> 'online' ->> 'discount_rate')::numeric * 100)::integer,
           (q.x ->> 'deposit')::integer,
           (q.x ->> 'free_cancellation_until')::timestamp,
           (q.x ->> 'late_cancellation_fee')::integer
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
revoke all on function public.car_availability(timestamp without time zone, timestamp without time zone, bigint) from public;
grant execute on function public.car_availability(timestamp without time zone, timestamp without time zone, bigint)
  to anon, authenticated, service_role;
