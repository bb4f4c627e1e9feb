-- The booking record (docs/booking-record.md): a short human reference,
-- the deposit in the quote, payment state apart from booking status, and a ledger
-- of money events (payments) that revenue is read from.

-- ---------------------------------------------------------------------------
-- References: CR- and five characters without look-alikes (no 0/O, 1/I/L), drawn
-- from the strong random source behind gen_random_uuid(), so one reference says
-- nothing about the next. 31^5 = 28.6 million; a collision is drawn again.
create function private.new_booking_reference() returns text
language plpgsql volatile
set search_path = ''
as $$
declare
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  v_bytes bytea;
  v_ref text;
begin
  loop
    v_bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
    v_ref := 'CR-';
    for i in 0..4 loop
      -- bytes 0..4 of a v4 uuid are fully random; 256 mod 31 leaves a negligible bias
      v_ref := v_ref || substr(alphabet, 1 + get_byte(v_bytes, i) % 31, 1);
    end loop;
    exit when not exists (select 1 from public.bookings b where b.reference = v_ref);
  end loop;
  return v_ref;
end
$$;

alter table public.bookings add column reference text;
update public.bookings set reference = private.new_booking_reference() where reference is null;
alter table public.bookings alter column reference set not null,
  add constraint bookings_reference_key unique (reference),
  add constraint bookings_reference_check check (reference ~ '^CR-[2-9A-HJKMNP-Z]{5}$');
comment on column public.bookings.reference is 'short human reference (CR-XXXXX), set by the database';

-- Set on insert, never changed. SECURITY DEFINER: the visitor cannot read other
-- bookings' references, which the draw must avoid.
create function public.bookings_reference() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.reference := private.new_booking_reference();
  else
    new.reference := old.reference;
  end if;
  return new;
end
$$;
create trigger bookings_reference before insert or update of reference on public.bookings
  for each row execute function public.bookings_reference();

-- ---------------------------------------------------------------------------
-- Payment state, apart from the booking's status:
--   none               nothing to pay online (a WhatsApp request), nothing received yet
--   pending            a PayPal order waits for the visitor
--   paid               captured online
--   failed             PayPal refused the payment (the visitor may try again)
--   abandoned          the attempt was never paid (hold lapsed, order never approved)
--   refunded, partially_refunded
--   counter            paid at the agency's counter (cash or card terminal)
update public.bookings set payment_status = 'none' where payment_status = 'unpaid'
  or (payment_status = 'pending' and payment_method is distinct from 'paypal');
alter table public.bookings drop constraint bookings_payment_status_check;
alter table public.bookings add constraint bookings_payment_status_check check (payment_status in
  ('none', 'pending', 'paid', 'failed', 'abandoned', 'refunded', 'partially_refunded', 'counter'));
alter table public.bookings alter column payment_status set default 'none';

-- What was quoted when the booking was made (breakdown, due now, at pickup,
-- deposit): the record shows these figures even if prices change later.
alter table public.bookings add column quote jsonb;
comment on column public.bookings.quote is 'quote_booking''s answer when the booking was priced (set by the database)';

-- The site's insert (SPEC: payment_status pending, retried as 'unpaid') means "no
-- online payment": stored as 'none'. Runs before the policies' check.
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
  new.quote := q;
  return new;
end
$$;

alter policy bookings_insert_public on public.bookings
  with check (
    status = 'pending'
    and payment_status = 'none'
    and payment_id is null
    and lower(btrim(coalesce(payment_method, ''))) <> 'paypal'
  );

-- ---------------------------------------------------------------------------
-- The deposit held on the customer's card at pickup, per category (SPEC: "card
-- deposit pre-authorised"). Administrators set the amounts.
create table public.category_deposits (
  category text primary key check (category in ('Économique', 'Compact', 'Berline', 'Premium', 'SUV', 'Utilitaire')),
  amount integer not null check (amount >= 0) -- DH
);
insert into public.category_deposits (category, amount) values
  ('Économique', 3000), ('Compact', 4000), ('Berline', 6000), ('Premium', 10000), ('SUV', 8000), ('Utilitaire', 6000);
alter table public.category_deposits enable row level security;
grant select on public.category_deposits to anon, authenticated;
grant update (amount) on public.category_deposits to authenticated;
grant select, insert, update, delete on public.category_deposits to service_role;
create policy category_deposits_select_public on public.category_deposits for select to anon, authenticated using (true);
create policy category_deposits_update_admin on public.category_deposits for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));

-- The quote gains the deposit (not part of the total).
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
    'due_at_pickup', v_total - v_due_now,
    'deposit', coalesce((select d.amount from public.category_deposits d where d.category = v_category), 0));
end
$$;

-- ---------------------------------------------------------------------------
-- The ledger: every movement of money for a booking, and every online attempt.
--   kind paypal  one row per PayPal order: pending -> captured | failed | abandoned
--   kind refund  money given back (PayPal refund): pending -> completed | failed
--   kind counter money taken at the counter (cash or card terminal): completed
-- amount is in currency; amount_mad what it is worth in DH (for an online
-- payment, the booking's due-now amount it paid). Revenue reads this table only.
create table public.payments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid references public.bookings (id) on delete set null,
  booking_reference text not null,       -- kept if the booking is deleted
  kind text not null check (kind in ('paypal', 'refund', 'counter')),
  status text not null check (status in ('pending', 'captured', 'failed', 'abandoned', 'completed')),
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  amount_mad numeric(12, 2) not null check (amount_mad > 0),
  method text check (method in ('paypal', 'cash', 'card')),
  provider_order_id text unique,          -- PayPal order (kind paypal)
  provider_capture_id text,               -- PayPal capture (kind paypal; the refunded one for refunds)
  provider_refund_id text unique,         -- PayPal refund (kind refund)
  refund_key text unique,                 -- idempotency of a refund request (the same click twice)
  note text,
  failure text,
  recorded_by uuid default auth.uid(),
  created_at timestamptz not null default now(),
  settled_at timestamptz,                 -- when the money moved (or the attempt ended)
  constraint payments_kind_status check (
    (kind = 'paypal' and status in ('pending', 'captured', 'failed', 'abandoned'))
    or (kind = 'refund' and status in ('pending', 'completed', 'failed'))
    or (kind = 'counter' and status = 'completed' and method in ('cash', 'card')))
);
create index payments_booking_idx on public.payments (booking_id, created_at);
create index payments_settled_idx on public.payments (settled_at) where status in ('captured', 'completed');

alter table public.payments enable row level security;
grant select on public.payments to authenticated;
grant insert (booking_id, kind, status, amount, currency, amount_mad, method, note) on public.payments to authenticated;
grant select, insert, update, delete on public.payments to service_role;
create policy payments_select_admin on public.payments for select to authenticated
  using ((select public.is_admin()));
-- Administrators record counter payments only; online payments and refunds are the
-- payment functions' (service_role).
create policy payments_insert_counter_admin on public.payments for insert to authenticated
  with check ((select public.is_admin()) and kind = 'counter' and status = 'completed' and currency = 'MAD');

-- A counter payment: reference copied, amount in DH, settled now; the booking's
-- payment state becomes 'counter' unless money was already taken online.
create function public.payments_before_insert() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  select b.reference into new.booking_reference from public.bookings b where b.id = new.booking_id;
  if new.booking_reference is null then
    raise exception 'payments: unknown booking %', new.booking_id using errcode = '23503';
  end if;
  if new.kind = 'counter' then
    new.amount_mad := new.amount;
    new.settled_at := now();
    new.recorded_by := auth.uid();
  end if;
  return new;
end
$$;
create trigger payments_before_insert before insert on public.payments
  for each row execute function public.payments_before_insert();

create function public.payments_after_counter() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.bookings set payment_status = 'counter'
  where id = new.booking_id and payment_status in ('none', 'pending', 'failed', 'abandoned');
  return null;
end
$$;
create trigger payments_after_counter after insert on public.payments
  for each row when (new.kind = 'counter') execute function public.payments_after_counter();
revoke execute on function public.payments_before_insert(), public.payments_after_counter() from public, anon, authenticated;

-- A lapsed PayPal attempt was abandoned; a lapsed request simply expires.
create or replace function public.expire_booking_holds() returns integer
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
        payment_status = case when b.payment_status = 'pending' then 'abandoned' else b.payment_status end
    from due
    where b.id = due.id and b.status = 'pending' and b.payment_id is null
    returning b.id
  ), attempts as (
    update public.payments p set status = 'abandoned', settled_at = now()
    from done where p.booking_id = done.id and p.kind = 'paypal' and p.status = 'pending'
    returning 1
  )
  select count(*)::integer from done
$$;

-- Money received, per month (Casablanca), from the ledger: captured online
-- payments, minus completed refunds, plus counter payments. Cancelled, expired,
-- failed and abandoned bookings add nothing because no money moved for them.
-- Runs as the caller: only administrators (and service_role) see payments.
create function public.revenue_by_month(p_from date, p_to date)
returns table (month date, online numeric, refunds numeric, counter numeric, received numeric)
language sql stable
set search_path = ''
as $$
  select date_trunc('month', p.settled_at at time zone 'Africa/Casablanca')::date,
         coalesce(sum(p.amount_mad) filter (where p.kind = 'paypal'), 0),
         coalesce(sum(p.amount_mad) filter (where p.kind = 'refund'), 0),
         coalesce(sum(p.amount_mad) filter (where p.kind = 'counter'), 0),
         coalesce(sum(case when p.kind = 'refund' then -p.amount_mad else p.amount_mad end), 0)
  from public.payments p
  where ((p.kind = 'paypal' and p.status = 'captured') or (p.kind in ('refund', 'counter') and p.status = 'completed'))
    and (p.settled_at at time zone 'Africa/Casablanca')::date >= p_from
    and (p.settled_at at time zone 'Africa/Casablanca')::date < p_to
  group by 1
  order by 1
$$;
revoke execute on function public.revenue_by_month(date, date) from public, anon;

-- What the visitor who made a booking may read back about it, by its id (a random
-- uuid the browser chose: knowing it is the capability). For the "sent" page and
-- the WhatsApp text: the reference and what was ordered, never another booking.
create function public.booking_receipt(p_id uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', b.id, 'reference', b.reference, 'status', b.status, 'payment_status', b.payment_status,
    'payment_method', b.payment_method, 'car', jsonb_build_object('name', c.name, 'brand', c.brand, 'category', c.category),
    'start_date', b.start_date, 'end_date', b.end_date, 'pickup_time', b.pickup_time, 'return_time', b.return_time,
    'pickup_location', b.pickup_location, 'return_location', b.return_location,
    'insurance_type', b.insurance_type, 'extras', b.extras, 'payment_option', b.payment_option,
    'hold_expires_at', b.hold_expires_at, 'language', b.language,
    'customer_name', b.customer_name, 'customer_email', b.customer_email, 'customer_phone', b.customer_phone,
    'quote', b.quote)
  from public.bookings b left join public.cars c on c.id = b.car_id
  where b.id = p_id
$$;
grant execute on function public.booking_receipt(uuid) to anon, authenticated, service_role;

-- Existing bookings: their breakdown at today's prices (the stored total stays theirs).
update public.bookings b
set quote = public.quote_booking(b.car_id, b.start_date, b.end_date, b.insurance_type, b.extras, b.payment_option)
    || jsonb_build_object('total', b.total_price)
where b.car_id is not null and b.quote is null;

-- The agency hears of a PayPal attempt that became a WhatsApp request (paypal-to-whatsapp)
-- as of any new request; a paid PayPal booking as before.
create or replace function public.bookings_enqueue_notifications() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  v_payload jsonb := public.booking_notification_payload(new);
  v_agency boolean := false;
  v_customer boolean := false;
begin
  if tg_op = 'INSERT' then
    v_agency := new.payment_method is distinct from 'paypal';
    v_customer := new.status = 'confirmed';
  else
    v_agency := (new.payment_method = 'paypal' and new.payment_status = 'paid' and old.payment_status is distinct from 'paid')
             or (old.payment_method = 'paypal' and new.payment_method is distinct from 'paypal');
    v_customer := new.status = 'confirmed' and old.status is distinct from 'confirmed';
  end if;
  if v_agency then
    insert into public.notification_outbox (kind, language, subject_id, payload)
    values ('booking_created', new.language, new.id::text, v_payload);
  end if;
  if v_customer then
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    values ('booking_confirmed', new.customer_email, new.language, new.id::text, v_payload);
  end if;
  if v_agency or v_customer then
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  return null;
end
$$;

-- The archive shows the reference the agency knows the booking by.
alter table public.deleted_bookings add column reference text generated always as (data ->> 'reference') stored;
