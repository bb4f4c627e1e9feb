-- Applied by scripts/test.d/50-e2e.sh to the fresh database. Every browser test calls from
-- 127.0.0.1, one address: widen the per-address write limits (migration
-- 20260110000000, tested in Go) so the suite does not depend on how many messages
-- and bookings its specs send.
update private.write_limits set max_burst = max_burst * 20;
