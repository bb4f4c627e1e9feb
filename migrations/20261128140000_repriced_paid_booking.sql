-- A booking paid online and then re-priced (the agency accepted other dates or another
-- car, or edited it in the back office) keeps stating what was paid. Before, its quote
-- took the new price's "due now" as if that had been paid, and left the difference
-- nowhere: the traveller's page said "paid online" for an amount never charged.

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

revoke all on function private.paid_online(uuid) from public;

-- Runs after bookings_compute_price (triggers of one event fire in name order): when
-- the price was computed again and money was taken online, the quote's "due now" is
-- what was paid, "due at pickup" what the new total leaves, and "refund_due" what the
-- agency owes back when the new total is below what was paid. amount_due_now keeps
-- the amount that was charged.
-- It reads the payments whoever changes the booking: security definer.
create function private.bookings_reprice_paid() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  v_paid numeric := private.paid_online(new.id);
begin
  if new.quote is not distinct from old.quote or v_paid = 0 then
    return new;
  end if;
  new.amount_due_now := old.amount_due_now;
  new.quote := new.quote || pg_catalog.jsonb_build_object(
    'due_now', v_paid,
    'due_at_pickup', greatest(0, new.total_price - v_paid),
    'refund_due', greatest(0, v_paid - new.total_price));
  return new;
end
$$;

revoke all on function private.bookings_reprice_paid() from public;

create trigger bookings_reprice_paid
  before update of car_id, start_date, end_date, pickup_time, return_time, insurance_type, extras, payment_option
  on public.bookings
  for each row execute function private.bookings_reprice_paid();
