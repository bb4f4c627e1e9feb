-- A booking's life in one table: which status may follow which, who may make the
-- move, what it does to the booking's pending requests and which e-mail it sends.
-- Before, each path decided alone: the agency could set any status, a cancelled
-- booking kept its pending change requests, and accepting one rewrote the
-- cancelled, refunded booking to new dates and price and told the traveller the
-- change was accepted. The triggers, decide_change_request and "My booking" now
-- read this table.

-- A row (from, to) allows the move; a row (s, s) allows changing the trip (car,
-- dates, hours) of a booking in status s, unless all its money went back.
create table public.booking_transitions (
  from_status text not null,
  to_status text not null,
  by_traveller boolean not null default false, -- made from "My booking" too (cancel, ask a change)
  closes_requests boolean not null default false, -- the booking's pending requests are closed with it
  tells_traveller text, -- the outbox e-mail sent to the traveller
  primary key (from_status, to_status),
  check (from_status in ('pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'expired')),
  check (to_status in ('pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'expired'))
);
comment on table public.booking_transitions is
  'the booking state machine: the allowed moves (from, to); (s, s): the trip may be changed in status s (docs/reservations.md)';

insert into public.booking_transitions (from_status, to_status, by_traveller, closes_requests, tells_traveller) values
  ('pending',     'pending',     true,  false, null),
  ('pending',     'confirmed',   false, false, 'booking_confirmed'),
  ('pending',     'cancelled',   true,  true,  null),
  ('pending',     'expired',     false, true,  null),
  ('confirmed',   'confirmed',   true,  false, null),
  ('confirmed',   'in_progress', false, false, null),
  ('confirmed',   'completed',   false, false, null), -- returned, never marked as out
  ('confirmed',   'cancelled',   true,  true,  null),
  ('in_progress', 'confirmed',   false, false, null), -- marked as out by mistake: no news for the traveller
  ('in_progress', 'completed',   false, false, null),
  ('completed',   'in_progress', false, false, null), -- marked as returned by mistake
  ('cancelled',   'pending',     false, false, null), -- put back in force: the dates are checked again
  ('cancelled',   'confirmed',   false, false, 'booking_confirmed'),
  ('expired',     'pending',     false, false, null), -- the PayPal return or the switch to WhatsApp takes the dates again
  ('expired',     'confirmed',   false, false, 'booking_confirmed'),
  ('expired',     'cancelled',   false, true,  null);

alter table public.booking_transitions enable row level security;
create policy booking_transitions_select_public on public.booking_transitions for select to anon, authenticated using (true);
revoke all on table public.booking_transitions from anon, authenticated, service_role;
grant select on table public.booking_transitions to anon, authenticated, service_role;

-- A request closed with its booking (cancelled, expired), neither accepted nor refused.
alter table public.booking_change_requests drop constraint booking_change_requests_state_check;
alter table public.booking_change_requests add constraint booking_change_requests_state_check
  check (state in ('pending', 'accepted', 'refused', 'done', 'closed'));

-- Whether booking b may move to p_to (its own status: have its trip changed), by
-- the traveller when p_by_traveller. A booking refunded in full takes no change:
-- nothing paid would stand behind the new price.
create function private.booking_may(b public.bookings, p_to text, p_by_traveller boolean default false) returns boolean
  language sql stable
  set search_path = ''
as $$
  select exists (select 1 from public.booking_transitions t
                 where t.from_status = b.status and t.to_status = p_to and (t.by_traveller or not p_by_traveller))
     and not (p_to = b.status and b.payment_status = 'refunded')
$$;

-- BK008 unless booking b may have its trip changed; details say why (its status,
-- or its payment state when refunded).
create function private.refuse_change(b public.bookings) returns void
  language plpgsql stable
  set search_path = ''
as $$
begin
  if not private.booking_may(b, b.status) then
    perform private.refuse_booking('BK008', format('This booking (%s, %s) can no longer be changed', b.status, b.payment_status),
      jsonb_build_object('status', b.status, 'payment_status', b.payment_status));
  end if;
end
$$;

revoke all on function private.booking_may(public.bookings, text, boolean), private.refuse_change(public.bookings) from public;

-- Before any other bookings trigger (name order): a move the table does not allow
-- is refused with BK007 and the moves it does; a trip changed where it may not be,
-- BK008. Whoever writes: the agency, the payment functions, the jobs, SQL.
create function private.bookings_allowed_moves() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.status is distinct from old.status and not private.booking_may(old, new.status) then
    perform private.refuse_booking('BK007', format('A booking cannot go from %s to %s', old.status, new.status),
      jsonb_build_object('from', old.status, 'to', new.status,
        'allowed', (select coalesce(jsonb_agg(t.to_status order by t.to_status), '[]') from public.booking_transitions t
                    where t.from_status = old.status and t.to_status <> old.status)));
  end if;
  if (new.car_id, new.start_date, new.end_date, new.pickup_time, new.return_time)
     is distinct from (old.car_id, old.start_date, old.end_date, old.pickup_time, old.return_time) then
    perform private.refuse_change(old);
  end if;
  return new;
end
$$;

-- After the move: the booking's pending requests close with it when the table says so.
create function private.bookings_after_move() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if exists (select 1 from public.booking_transitions t
             where t.from_status = old.status and t.to_status = new.status and t.closes_requests) then
    update public.booking_change_requests set state = 'closed', decided_at = now()
    where booking_id = new.id and state = 'pending';
  end if;
  return null;
end
$$;

revoke all on function private.bookings_allowed_moves(), private.bookings_after_move() from public;

create trigger bookings_allowed_moves
  before update of status, car_id, start_date, end_date, pickup_time, return_time on public.bookings
  for each row execute function private.bookings_allowed_moves();
create trigger bookings_after_move
  after update of status on public.bookings
  for each row when (old.status is distinct from new.status) execute function private.bookings_after_move();

-- Requests left pending on bookings already cancelled or expired close now.
update public.booking_change_requests r set state = 'closed', decided_at = now()
from public.bookings b
where b.id = r.booking_id and r.state = 'pending'
  and exists (select 1 from public.booking_transitions t where t.to_status = b.status and t.closes_requests);

-- The traveller's e-mail on a move is the table's (a new confirmed booking is
-- confirmed news); the agency's stays as it was.
create or replace function public.bookings_enqueue_notifications() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_payload jsonb := public.booking_notification_payload(new);
  v_agency boolean := false;
  v_tell text;
begin
  if tg_op = 'INSERT' then
    v_agency := new.payment_method is distinct from 'paypal';
    v_tell := case when new.status = 'confirmed' then 'booking_confirmed' end;
  else
    v_agency := (new.payment_method = 'paypal' and new.payment_status = 'paid' and old.payment_status is distinct from 'paid')
             or (old.payment_method = 'paypal' and new.payment_method is distinct from 'paypal');
    select t.tells_traveller into v_tell from public.booking_transitions t
    where t.from_status = old.status and t.to_status = new.status and old.status <> new.status;
  end if;
  if v_agency then
    insert into public.notification_outbox (kind, language, subject_id, payload)
    values ('booking_created', new.language, new.id::text, v_payload);
  end if;
  if v_tell is not null then
    insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
    values (v_tell, new.customer_email, new.language, new.id::text, v_payload);
  end if;
  if v_agency or v_tell is not null then
    perform pg_catalog.pg_notify('notification_outbox', '');
  end if;
  return null;
end
$$;

-- Replaced to read the booking first, under its lock, then the request: a
-- cancellation (which closes the request) and a decision wait for each other
-- instead of deadlocking, and an accept is checked against the booking as it is
-- now (BK008) before anything is written or e-mailed.
create or replace function public.decide_change_request(p_id uuid, p_accept boolean) returns public.booking_change_requests
  language plpgsql security definer
  set search_path = ''
as $$
declare
  r public.booking_change_requests;
  b public.bookings;
begin
  if not public.is_admin() then
    raise exception 'only administrators decide change requests' using errcode = '42501';
  end if;
  select * into b from public.bookings
  where id = (select q.booking_id from public.booking_change_requests q where q.id = p_id) for update;
  select * into r from public.booking_change_requests where id = p_id for update;
  if not found then
    raise exception 'unknown change request' using errcode = 'P0002';
  end if;
  if p_accept then
    perform private.refuse_change(b);
  end if;
  if r.kind <> 'change' or r.state <> 'pending' then
    perform private.my_booking_error(409, 'MB005', 'This request was already decided', jsonb_build_object('state', r.state));
  end if;
  if p_accept then
    update public.bookings
    set car_id = r.car_id, start_date = r.start_date, end_date = r.end_date,
        pickup_time = r.pickup_time, return_time = r.return_time
    where id = r.booking_id
    returning * into b;
  end if;
  update public.booking_change_requests
  set state = case when p_accept then 'accepted' else 'refused' end, decided_at = now(), decided_by = auth.uid()
  where id = r.id
  returning * into r;
  insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
  values ('change_request_decided', b.customer_email, b.language, b.id::text, public.booking_notification_payload(b)
    || jsonb_build_object('request', pg_catalog.to_jsonb(r)
         || jsonb_build_object('car', (select jsonb_build_object('name', c.name, 'brand', c.brand) from public.cars c where c.id = r.car_id))));
  perform pg_catalog.pg_notify('notification_outbox', '');
  return r;
end
$$;
