-- The quote states the price of a kilometre past a limited mileage with the mileage
-- (category_key_facts.extra_km_price, 20261207180000_rental_terms.sql), so step 4, the
-- stored quote and the e-mails state it too. Whole body as the price per channel left
-- it (20261207160000_price_per_channel.sql); one key is new.

create or replace function public.quote_booking(p_car_id bigint, p_start date, p_end date,
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
    'extra_km_price', v_facts.extra_km_price,
    'fuel_policy', v_facts.fuel_policy,
    'min_driver_age', v_facts.min_driver_age,
    'min_licence_years', v_facts.min_licence_years,
    -- the rental terms this quote is made under (a visitor's booking sends it back as accepted)
    'terms_version', v_rules.terms_version);
end
$$;
