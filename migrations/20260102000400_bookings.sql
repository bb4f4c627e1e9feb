-- Bookings. Visitors create them (status pending); the price is the database's.
create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid, -- the browser's guest id, not an auth user
  car_id bigint references public.cars (id) on delete set null,
  customer_name text not null check (btrim(customer_name) <> ''),
  customer_email text not null check (customer_email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  customer_phone text not null check (btrim(customer_phone) <> ''),
  start_date date not null,
  end_date date not null,
  pickup_time time not null default '10:00',
  return_time time not null default '10:00',
  pickup_location text not null default 'Aéroport Mohammed V',
  return_location text not null default 'Aéroport Mohammed V',
  insurance_type text not null default 'basic' check (insurance_type in ('basic', 'premium', 'platinum')),
  extras jsonb not null default '{}' check (jsonb_typeof(extras) = 'object'),
  payment_option text not null default 'full' check (payment_option in ('full', 'half', 'reserve')),
  language text not null default 'fr' check (language in ('fr', 'en', 'ar')),
  days integer not null check (days >= 1),              -- computed (quote_booking)
  total_price integer not null check (total_price >= 0), -- computed, DH
  payment_method text,
  payment_id text,
  payment_status text not null default 'pending' check (payment_status in ('pending', 'unpaid', 'paid', 'failed', 'refunded')),
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'in_progress', 'completed', 'cancelled')),
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bookings_dates_check check (end_date >= start_date)
);
create index bookings_created_at_idx on public.bookings (created_at desc);
create index bookings_status_idx on public.bookings (status);
create index bookings_car_id_idx on public.bookings (car_id);

create trigger bookings_set_updated_at before insert or update on public.bookings
  for each row execute function public.set_updated_at();

-- days and total_price come from quote_booking with the car's current price,
-- whatever the client sent. On update they are recomputed only when the car, the
-- dates or the options really change; a car deleted later (car_id set null) keeps
-- the agreed price. An explicit null for an option or a status means its default
-- (the site first sends payment_status null).
create function public.bookings_compute_price() returns trigger
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
  return new;
end
$$;
create trigger bookings_compute_price
  before insert or update of car_id, start_date, end_date, insurance_type, extras, payment_option
  on public.bookings
  for each row execute function public.bookings_compute_price();

-- Permissions: anyone inserts (status pending, payment not settled); administrators
-- read, change status and notes, and delete; service_role (payment functions)
-- everything. Insert columns exclude notes (administrators' only) and the
-- timestamps; days and total_price may be sent but are overwritten.
alter table public.bookings enable row level security;
grant insert (id, user_id, car_id, customer_name, customer_email, customer_phone,
              start_date, end_date, pickup_time, return_time, pickup_location, return_location,
              insurance_type, extras, payment_option, language, days, total_price,
              payment_method, payment_id, payment_status, status)
  on public.bookings to anon, authenticated;
grant select, delete on public.bookings to authenticated;
grant update (status, notes, updated_at) on public.bookings to authenticated;
grant select, insert, update, delete on public.bookings to service_role;

create policy bookings_insert_public on public.bookings for insert to anon, authenticated
  with check (status = 'pending' and payment_status in ('pending', 'unpaid'));
create policy bookings_select_admin on public.bookings for select to authenticated
  using ((select public.is_admin()));
create policy bookings_update_admin on public.bookings for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy bookings_delete_admin on public.bookings for delete to authenticated
  using ((select public.is_admin()));
