-- A booking paid online and then re-priced (the agency accepted other dates or another
-- car) keeps stating what was paid. Before, its quote took the new price's "due now" as
-- if that had been paid, and left the difference nowhere: the traveller's page said
-- "paid online" for an amount never charged.

-- What was paid online for a booking and not given back: captured PayPal payments less
-- their refunds, pending ones included (the money is already promised back).
create function private.paid_online(p_booking uuid) returns numeric
  language sql stable
  set search_path = ''
as $$
  select greatest(0, coalesce(sum(case when p.kind = 'refund' then -p.amount_mad else p.amount_mad end), 0))
  from public.payments p
  where p.booking_id = p_booking
    and ((p.kind = 'paypal' and p.status = 'captured') or (p.kind = 'refund' and p.status in ('pending', 'completed')))
$$;

-- A quote once p_paid was taken online: "due now" is what was paid, "due at pickup"
-- what the total leaves, "refund_due" what the agency owes back when the total is
-- below it. Without a payment the quote is as it was.
create function private.quote_after_payment(p_quote jsonb, p_paid numeric) returns jsonb
  language sql immutable
  set search_path = ''
as $$
  select case when p_paid > 0 then p_quote || pg_catalog.jsonb_build_object(
      'due_now', p_paid,
      'due_at_pickup', greatest(0, (p_quote ->> 'total')::numeric - p_paid),
      'refund_due', greatest(0, p_paid - (p_quote ->> 'total')::numeric))
    else p_quote end
$$;

revoke all on function private.paid_online(uuid) from public;
revoke all on function private.quote_after_payment(jsonb, numeric) from public;

-- Runs after bookings_compute_price (triggers of one event fire in name order), when
-- it computed the price again; amount_due_now keeps the amount that was charged. It
-- reads the payments whoever changes the booking: security definer.
create function private.bookings_reprice_paid() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_paid numeric;
begin
  if new.quote is not distinct from old.quote then
    return new;
  end if;
  v_paid := private.paid_online(new.id);
  if v_paid > 0 then
    new.amount_due_now := old.amount_due_now;
    new.quote := private.quote_after_payment(new.quote, v_paid);
  end if;
  return new;
end
$$;

revoke all on function private.bookings_reprice_paid() from public;

create trigger bookings_reprice_paid
  before update of car_id, start_date, end_date, pickup_time, return_time, insurance_type, extras, payment_option
  on public.bookings
  for each row execute function private.bookings_reprice_paid();

-- A change asked for a paid booking is quoted the same way, so the agency sees, before
-- accepting, what would be left to pay or to give back.
create function private.change_requests_quote_paid() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if new.kind = 'change' and new.quote is not null then
    new.quote := private.quote_after_payment(new.quote, private.paid_online(new.booking_id));
  end if;
  return new;
end
$$;

revoke all on function private.change_requests_quote_paid() from public;

create trigger change_requests_quote_paid
  before insert on public.booking_change_requests
  for each row execute function private.change_requests_quote_paid();
