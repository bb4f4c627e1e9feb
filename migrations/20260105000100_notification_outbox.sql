-- Notifications: an outbox written by triggers in the same transaction as the event,
-- sent by the server's worker (functions/notifications) with retries, so a mail
-- outage loses nothing and a rolled-back event sends nothing.
--   booking_created   -> agency (recipient null = AGENCY_EMAIL, known to the server).
--                        A PayPal booking counts once it is paid (before, it is only
--                        an attempt); any other channel at insert.
--   contact_created   -> agency
--   booking_confirmed -> the customer, in the booking's language, whenever a booking
--                        becomes 'confirmed' (PayPal capture or an administrator)
create table public.notification_outbox (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('booking_created', 'contact_created', 'booking_confirmed')),
  recipient text, -- null = the agency
  language text not null default 'fr' check (language in ('fr', 'en', 'ar')),
  subject_id text not null, -- the booking or contact id
  payload jsonb not null,   -- snapshot of the event's row (and the car)
  status text not null default 'pending' check (status in ('pending', 'sent', 'logged', 'skipped')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index notification_outbox_due_idx on public.notification_outbox (next_attempt_at) where status = 'pending';
create index notification_outbox_subject_idx on public.notification_outbox (subject_id);

-- Only the server (service_role) sees or touches it.
alter table public.notification_outbox enable row level security;
revoke all on public.notification_outbox from anon, authenticated;
grant select, insert, update, delete on public.notification_outbox to service_role;

create function public.booking_notification_payload(b public.bookings) returns jsonb
language sql stable
set search_path = ''
as $$
  select (pg_catalog.to_jsonb(b) - 'notes' - 'user_id')
    || pg_catalog.jsonb_build_object('car',
         (select pg_catalog.jsonb_build_object('id', c.id, 'name', c.name, 'brand', c.brand, 'category', c.category)
          from public.cars c where c.id = b.car_id))
$$;

-- SECURITY DEFINER: the visitor inserting a booking may not write the outbox.
create function public.bookings_enqueue_notifications() returns trigger
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
    v_agency := new.payment_method = 'paypal' and new.payment_status = 'paid'
                and old.payment_status is distinct from 'paid';
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
create trigger bookings_enqueue_notifications
  after insert or update of status, payment_status on public.bookings
  for each row execute function public.bookings_enqueue_notifications();

create function public.contacts_enqueue_notification() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.notification_outbox (kind, language, subject_id, payload)
  values ('contact_created', 'fr', new.id::text, pg_catalog.to_jsonb(new));
  perform pg_catalog.pg_notify('notification_outbox', '');
  return null;
end
$$;
create trigger contacts_enqueue_notification
  after insert on public.contacts
  for each row execute function public.contacts_enqueue_notification();

revoke execute on function public.bookings_enqueue_notifications() from public, anon, authenticated;
revoke execute on function public.contacts_enqueue_notification() from public, anon, authenticated;
revoke execute on function public.booking_notification_payload(public.bookings) from public, anon, authenticated;
