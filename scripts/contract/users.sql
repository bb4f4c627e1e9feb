-- The users of the node contract suites (storage, realtime), applied after the
-- migrations and before a suite's own fixture (FIXTURE_SQL): fixed ids, whose
-- tokens the suites mint with JWT_SECRET (scripts/contract/common.mjs), one an
-- administrator of the site.
insert into auth.users (id, email, aud, role) values
  ('00000000-0000-4000-8000-00000000a001', 'contract-admin@example.test', 'authenticated', 'authenticated'),
  ('00000000-0000-4000-8000-00000000b001', 'contract-user@example.test', 'authenticated', 'authenticated'),
  ('00000000-0000-4000-8000-00000000b002', 'contract-other@example.test', 'authenticated', 'authenticated')
on conflict (id) do nothing;
update public.profiles set role = 'admin' where id = '00000000-0000-4000-8000-00000000a001';
