-- The traveller is told of every step of the booking, each e-mail with a link that
-- opens "My booking" at once. Before, a WhatsApp request, a cancellation by the
-- agency and a lapsed hold sent nothing, there was no reminder before pickup, and
-- the confirmation pointed to the bare /my-booking page (reference and e-mail to
-- type, then a second e-mail to wait for).
--
-- - Every e-mail to a booking's own address gets a "My booking" link when queued
--   (trigger notification_outbox_my_booking_link): the same hashed random token as
--   an asked link (private.booking_links), living until a month after the return.
-- - The e-mails of a booking's moves are the state machine's (booking_transitions
--   .tells_traveller), sent at commit by bookings_tell_traveller, which then sees
--   what the same transaction wrote: who cancelled, the late fee, the refund.
-- - public.send_pickup_reminders(), called by the server's reminder loop, queues
--   one reminder per pickup the day before.

-- The traveller's new e-mails (rental/notifications: one template each).
alter table public.notification_outbox drop constraint notification_outbox_kind_check;
alter table public.notification_outbox add constraint notification_outbox_kind_check check (kind in (
  'booking_created', 'contact_created', 'booking_confirmed', 'payment_refunded', 'payment_refunded_agency',
  'booking_link', 'change_request_decided', 'traveller_request_agency',
  'booking_requested', 'booking_cancelled', 'hold_expired', 'pickup_reminder'));

-- The moves the traveller hears of. The end of a PayPal attempt never paid
-- (lapsed or cancelled) is not told: the traveller left the payment, was never
-- told of a booking, and the PayPal return may take the dates again; a WhatsApp
-- request's is. An expired booking cancelled later was already told.
update public.booking_transitions set tells_traveller = 'booking_cancelled'
where to_status = 'cancelled' and from_status in ('pending', 'confirmed');
update public.booking_transitions set tells_traveller = 'hold_expired'
where from_status = 'pending' and to_status = 'expired';

-- How long after the return an e-mailed link still opens the booking (refunds,
-- the receipt); never less than an asked link lives.
create function private.my_booking_mail_link_after() returns interval
  language sql immutable
  set search_path = ''
as $$ select interval '30 days' $$;

-- Before an e-mail to a booking's own address is queued: a new "My booking" link
-- in its payload (payload.link {token, expires_at}, as booking_link's). Links
-- e-mailed this way follow the live-links cap of asked ones (the newest
-- private.my_booking_live_links() of the booking open it) but are not counted
-- against the ask caps (private.my_booking_link_cap): nobody asks for them, the
-- booking's own events send them.
create function private.outbox_my_booking_link() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  b public.bookings;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_expires timestamptz;
begin
  if new.subject_id !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return new;
  end if;
  select * into b from public.bookings where id = new.subject_id::uuid;
  if b.id is null or lower(btrim(b.customer_email)) <> lower(btrim(new.recipient)) then
    return new; -- a link goes only to the address the booking was made with
  end if;
  select greatest(now() + s.my_booking_link_ttl,
                  ((b.end_date + b.return_time) at time zone 'Africa/Casablanca') + private.my_booking_mail_link_after())
  into v_expires from public.reservation_settings s;
  insert into private.booking_links (token_hash, booking_id, expires_at)
  values (sha256(convert_to(v_token, 'UTF8')), b.id, v_expires);
  delete from private.booking_links l
  where l.booking_id = b.id and l.token_hash not in (
    select k.token_hash from private.booking_links k
    where k.booking_id = b.id and k.expires_at > now()
    order by k.created_at desc, k.expires_at desc
    limit private.my_booking_live_links());
  new.payload := new.payload || jsonb_build_object('link', jsonb_build_object('token', v_token, 'expires_at', v_expires));
  return new;
end
$$;

revoke all on function private.my_booking_mail_link_after(), private.outbox_my_booking_link() from public;

create trigger notification_outbox_my_booking_link
  before insert on public.notification_outbox
  for each row when (new.recipient is not null and not (new.payload ? 'link'))
  execute function private.outbox_my_booking_link();

-- What a cancellation e-mail states, read from the rows the cancelling
-- transaction wrote: by the traveller when it wrote the booking's cancellation
-- request ("My booking"), else by the agency; the late fee when the traveller
-- cancelled after the free window; what was paid online and what is refunded
-- (pending or done) on the booking.
create function private.cancellation_facts(b public.bookings) returns jsonb
  language sql stable
  set search_path = ''
as $$
  with asked as (
    select r.created_at from public.booking_change_requests r
    where r.booking_id = b.id and r.kind = 'cancellation' and r.created_at = now() -- written by this transaction
    order by r.created_at desc limit 1
  )
  select jsonb_build_object(
    'by', case when exists (select 1 from asked) then 'traveller' else 'agency' end,
    'fee', (select private.late_cancellation_cost(b) from asked a
            where (a.created_at at time zone 'Africa/Casablanca') > private.free_cancellation_until(b)),
    'paid_mad', (select sum(p.amount_mad) from public.payments p
                 where p.booking_id = b.id and p.kind = 'paypal' and p.status = 'captured'),
    'refund_mad', (select sum(p.amount_mad) from public.payments p
                   where p.booking_id = b.id and p.kind = 'refund' and p.status in ('pending', 'completed')))
$$;

revoke all on function private.cancellation_facts(public.bookings) from public;

-- At commit, for each write of a booking's status or payment: the traveller's
-- e-mail, of the booking as it then is. A booking moved again in the same
-- transaction is told of its last move only (its earlier writes see another
-- status and say nothing).
create function private.bookings_tell_traveller() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  b public.bookings;
  v_kind text;
  v_extra jsonb := '{}';
begin
  select * into b from public.bookings where id = new.id;
  if b.id is null or b.status is distinct from new.status
     or (tg_op = 'UPDATE' and b.payment_method is distinct from new.payment_method) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    v_kind := case when new.status = 'confirmed' then 'booking_confirmed'
                   when new.status = 'pending' and new.payment_method is distinct from 'paypal' then 'booking_requested' end;
  elsif new.status = 'pending' and old.payment_method = 'paypal' and new.payment_method is distinct from 'paypal' then
    v_kind := 'booking_requested'; -- from the PayPal attempt to a request sent on WhatsApp
  elsif old.status <> new.status then
    select t.tells_traveller into v_kind from public.booking_transitions t
    where t.from_status = old.status and t.to_status = new.status;
    if old.status = 'pending' and new.status in ('cancelled', 'expired') and new.payment_method = 'paypal' then
      v_kind := null; -- a PayPal attempt never paid was never announced: its end is not either
    end if;
  end if;
  if v_kind is null then
    return null;
  end if;
  if v_kind = 'booking_cancelled' then
    v_extra := jsonb_build_object('cancellation', private.cancellation_facts(b));
  end if;
  insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
  values (v_kind, b.customer_email, b.language, b.id::text, public.booking_notification_payload(b) || v_extra);
  perform pg_catalog.pg_notify('notification_outbox', '');
  return null;
end
$$;

revoke all on function private.bookings_tell_traveller() from public;

create constraint trigger bookings_tell_traveller
  after insert or update of status, payment_status, payment_method on public.bookings
  deferrable initially deferred
  for each row execute function private.bookings_tell_traveller();

-- Replaced: the agency's e-mail only; the traveller's moved to bookings_tell_traveller.
create or replace function public.bookings_enqueue_notifications() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_agency boolean;
begin
  if tg_op = 'INSERT' then
    v_agency := new.payment_method is distinct from 'paypal';
  else
    v_agency := (new.payment_method = 'paypal' and new.payment_status = 'paid' and old.payment_status is distinct from 'paid')
             or (old.payment_method = 'paypal' and new.payment_method is distinct from 'paypal');
  end if;
  if v_agency then
    insert into public.notification_outbox (kind, language, subject_id, payload)
    values ('booking_created', new.language, new.id::text, public.booking_notification_payload(new));
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  return null;
end
$$;

-- The reminder before pickup: how long before, and which pickups were reminded of
-- (a booking moved to other dates is reminded of its new pickup).
create function private.pickup_reminder_before() returns interval
  language sql immutable
  set search_path = ''
as $$ select interval '24 hours' $$;

create table private.pickup_reminders (
  booking_id uuid not null references public.bookings (id) on delete cascade,
  pickup_at timestamp not null, -- local (Casablanca) pickup the reminder was for
  sent_at timestamptz not null default now(),
  primary key (booking_id, pickup_at)
);

-- Queues the reminder of every confirmed booking picked up within
-- private.pickup_reminder_before(), once per pickup (replicas may all call it: the
-- primary key lets one of them queue it). A booking made inside that time gets
-- none: its confirmation is the news. Returns how many were queued.
create function public.send_pickup_reminders() returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_local timestamp := now() at time zone 'Africa/Casablanca';
  v_n integer;
begin
  with due as (
    select b.id, b.start_date + b.pickup_time as pickup_at
    from public.bookings b
    where b.status = 'confirmed'
      and b.start_date between v_local::date and (v_local + private.pickup_reminder_before())::date
      and b.start_date + b.pickup_time > v_local
      and b.start_date + b.pickup_time <= v_local + private.pickup_reminder_before()
      and (b.created_at at time zone 'Africa/Casablanca') < b.start_date + b.pickup_time - private.pickup_reminder_before()
  ), marked as (
    insert into private.pickup_reminders (booking_id, pickup_at)
    select id, pickup_at from due
    on conflict do nothing
    returning booking_id
  ), queued as (
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    select 'pickup_reminder', b.customer_email, b.language, b.id::text, public.booking_notification_payload(b)
    from marked m join public.bookings b on b.id = m.booking_id
    returning 1
  )
  select count(*)::integer into v_n from queued;
  if v_n > 0 then
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  return v_n;
end
$$;

revoke all on function private.pickup_reminder_before() from public;
revoke all on function public.send_pickup_reminders() from public, anon, authenticated;
grant execute on function public.send_pickup_reminders() to service_role;
