-- Unpaid PayPal attempts are holds like WhatsApp requests. Left to their own bounds
-- (a 30-minute hold, a paypal_orders token each), one address kept 3 requests and 6
-- attempts at once, every car of the fleet for the same dates. Now an attempt counts
-- toward, and is checked against, the same limits per address, e-mail and phone
-- (reservation_settings.holds_per_address 3, holds_per_email 2, holds_per_phone 2);
-- once captured it is a booking, not a hold (private.is_unpaid_hold). The fleet share
-- (BK006) stays the WhatsApp requests': an attempt pays or lapses within minutes.
-- Replaced whole because the PayPal exceptions sit in the middle of the function.
create or replace function public.bookings_fair_holds() returns trigger
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
    -- stays a hold of the address it came from; checked again, as the limits may
    -- have been lowered since the attempt.
    new.client_ip := old.client_ip;
    v_ip := old.client_ip;
    if old.payment_method is distinct from 'paypal' or new.payment_method is not distinct from 'paypal' then
      return new;
    end if;
  end if;
  if v_ip is null or new.status is distinct from 'pending'
     or new.payment_id is not null or new.payment_status not in ('none', 'pending', 'failed') then
    return new;
  end if;
  select * into v_set from public.reservation_settings;
  -- One visitor booking at a time past this point, so that two racing requests
  -- cannot both fit under a limit. It runs before the per-car lock of
  -- bookings_hold (trigger names sort so), which keeps the lock order fixed.
  perform pg_advisory_xact_lock(1314, 0);

  select count(*) into v_n from public.bookings b
  where b.status = 'pending' and b.client_ip = v_ip and b.id <> new.id and private.is_unpaid_hold(b);
  if v_n >= v_set.holds_per_address then
    perform private.refuse_booking('BK005', 'Too many unconfirmed bookings from this address',
      jsonb_build_object('limit', v_set.holds_per_address, 'by', 'address'));
  end if;
  select count(*) into v_n from public.bookings b
  where b.status = 'pending' and private.email_key(b.customer_email) = private.email_key(new.customer_email)
    and b.id <> new.id and b.client_ip is not null and private.is_unpaid_hold(b);
  if v_n >= v_set.holds_per_email then
    perform private.refuse_booking('BK005', 'Too many unconfirmed bookings for this e-mail address',
      jsonb_build_object('limit', v_set.holds_per_email, 'by', 'email'));
  end if;
  select count(*) into v_n from public.bookings b
  where b.status = 'pending' and private.phone_key(b.customer_phone) = private.phone_key(new.customer_phone)
    and b.id <> new.id and b.client_ip is not null and private.is_unpaid_hold(b);
  if v_n >= v_set.holds_per_phone then
    perform private.refuse_booking('BK005', 'Too many unconfirmed bookings for this phone number',
      jsonb_build_object('limit', v_set.holds_per_phone, 'by', 'phone'));
  end if;

  -- The fleet share: visitors' unpaid WhatsApp requests may hold at most
  -- ceil(share x bookable cars) cars over any moment of these dates (a PayPal
  -- attempt pays within minutes; the agency's own bookings are not counted).
  if new.payment_method is distinct from 'paypal' and new.start_date is not null and new.end_date is not null then
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
