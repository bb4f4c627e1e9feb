-- A direct insert (anon, signed-in users, administrators through the API) must not
-- pose as an online payment. PayPal bookings are made by the payment functions as
-- service_role, which bypasses RLS. Without this a visitor could store
-- payment_method 'paypal' (the agency is only told about PayPal bookings once they
-- are paid, so such a booking would never be announced) or take a capture id in
-- the unique payment_id column (the real capture's confirmation would then fail).
alter policy bookings_insert_public on public.bookings
  with check (
    status = 'pending'
    and payment_status in ('pending', 'unpaid')
    and payment_id is null
    and lower(btrim(coalesce(payment_method, ''))) <> 'paypal'
  );
