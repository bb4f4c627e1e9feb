-- Booking input bounded in the database (docs/reservations.md, "What a booking
-- may contain"). Visitors had stored bookings for 2020-01-01, 4713 BC and the
-- year 294276, a 500 KB customer name, and payment_method "paypal" followed by
-- an invisible character, which the back office reads as PayPal.
-- The constraints are NOT VALID: rows made before stay as they are; every new or
-- changed row is checked, whoever writes it.

alter table public.bookings
  add constraint bookings_text_length_check check (
    length(customer_name) <= 200
    and length(customer_email) <= 254 -- the longest address SMTP carries
    and length(customer_phone) <= 40
    and length(pickup_location) <= 200
    and length(return_location) <= 200
    and coalesce(length(notes), 0) <= 10000
  ) not valid,
  -- The ways a booking is paid, spelt exactly (the back office names them).
  add constraint bookings_payment_method_check check (
    payment_method in ('whatsapp', 'paypal', 'cash', 'card')
  ) not valid,
  -- Years any booking, even one typed in by the agency, can have.
  add constraint bookings_years_check check (
    start_date >= date '2000-01-01' and end_date < date '2100-01-01'
  ) not valid;

-- How far ahead a visitor may book (days from today, Casablanca).
alter table public.reservation_settings
  add column max_days_ahead integer not null default 365 check (max_days_ahead between 1 and 3660);
grant update (max_days_ahead) on public.reservation_settings to authenticated;

-- A visitor's new booking starts today or later in the agency's time zone and at
-- most max_days_ahead days from today (22023, as the other date refusals). A
-- visitor is what the write limits call one: a request with a client address
-- (request.client_ip, which the server sets for every HTTP caller, the PayPal
-- function's service_role session included) from anyone but an administrator.
-- Administrators, jobs and SQL without a client address may record any date in
-- the years above (a rental agreed at the counter, a correction). Runs first among the bookings
-- triggers (name order), before the price is computed for absurd dates.
create function public.bookings_bounds() returns trigger
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
  if public.is_admin() or nullif(current_setting('request.client_ip', true), '') is null then
    return new;
  end if;
  if new.start_date < v_today then
    raise exception 'the pickup date (%) is in the past', new.start_date
      using errcode = '22023', hint = format('Choose a pickup date from %s on.', v_today);
  end if;
  select s.max_days_ahead into v_ahead from public.reservation_settings s;
  if new.start_date > v_today + v_ahead then
    raise exception 'the pickup date (%) is more than % days ahead', new.start_date, v_ahead
      using errcode = '22023', hint = format('Choose a pickup date until %s.', v_today + v_ahead);
  end if;
  return new;
end
$$;
create trigger bookings_bounds before insert on public.bookings
  for each row execute function public.bookings_bounds();
revoke execute on function public.bookings_bounds() from public, anon, authenticated;
