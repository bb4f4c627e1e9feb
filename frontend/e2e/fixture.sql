-- Applied by scripts/test.d/50-e2e.sh to the fresh database. Every browser test calls from
-- 127.0.0.1, one address: widen the per-address write limits (migration
-- 20260110000000, tested in Go) so the suite does not depend on how many messages
-- and bookings its specs send.
update private.write_limits set max_burst = max_burst * 20;
-- Likewise the bounds on unpaid holds (reservation_settings, tested in Go):
-- the specs' requests share this address and a few e-mails and phones, and the
-- seed fleet is small.
-- Specs book one to three years ahead (freeDates' offsets) so as never to meet
-- each other: open the visitor's booking window as far (tested in Go).
update public.reservation_settings set holds_per_address = 10000, holds_per_email = 10000,
  holds_per_phone = 10000, whatsapp_fleet_share = 1,
  max_days_ahead = 3660;
-- Likewise the caps on "My booking" links per booking and per recipient
-- (rental/supabase/schemas/messages.sql, tested in Go): specs may ask for the same traveller's links again.
update private.my_booking_link_limits set max_links = max_links * 20;
