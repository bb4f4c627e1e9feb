-- Data of the functions contract suite (applied by scripts/test-server.sh after
-- migrations): bookable cars with fixed ids.
insert into public.cars (id, slug, name, brand, category, price, image, seats, transmission, fuel, rating, available, not_available_until)
values
  (9001, 'fn-contract-clio', 'Clio 5', 'Renault', 'Compact', 400, 'https://img.test/clio.jpg', 5, 'manual', 'diesel', 4.6, true, null),
  (9002, 'fn-contract-208', '208', 'Peugeot', 'Compact', 350, 'https://img.test/208.jpg', 5, 'manual', 'gasoline', 4.4, false, null)
on conflict (id) do nothing;

-- Every test of the suite calls from 127.0.0.1, one address: widen the per-address
-- write limits (private.write_limits; their own tests are in Go) so the suite
-- does not depend on how many bookings it makes.
update private.write_limits set max_burst = max_burst * 20;

-- The TypeScript example function `notes` (functions/testdata/functions) reads this
-- table as its caller: each user sees only their own rows.
create table if not exists public.fn_notes (owner uuid not null, body text not null);
alter table public.fn_notes enable row level security;
drop policy if exists fn_notes_own on public.fn_notes;
create policy fn_notes_own on public.fn_notes for select to authenticated using (owner = auth.uid());
grant select on public.fn_notes to anon, authenticated;
grant all on public.fn_notes to service_role;
