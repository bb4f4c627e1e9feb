-- Fixture of the storage contract suite (applied after migrations by
-- scripts/test.d/35-storage-contract.sh through FIXTURE_SQL): two users with
-- fixed ids (the suite mints their tokens with JWT_SECRET), one an
-- administrator of the site, and two buckets of the suite's own.
insert into auth.users (id, email, aud, role) values
  ('00000000-0000-4000-8000-00000000a001', 'contract-admin@example.test', 'authenticated', 'authenticated'),
  ('00000000-0000-4000-8000-00000000b001', 'contract-user@example.test', 'authenticated', 'authenticated'),
  ('00000000-0000-4000-8000-00000000b002', 'contract-other@example.test', 'authenticated', 'authenticated')
on conflict (id) do nothing;
update public.profiles set role = 'admin' where id = '00000000-0000-4000-8000-00000000a001';

-- contract-private: signed-in users manage their own objects.
insert into storage.buckets (id, name, public) values ('contract-private', 'contract-private', false)
on conflict (id) do nothing;
create policy contract_private_insert on storage.objects for insert to authenticated
  with check (bucket_id = 'contract-private' and owner_id = auth.uid()::text);
create policy contract_private_select on storage.objects for select to authenticated
  using (bucket_id = 'contract-private' and owner_id = auth.uid()::text);
create policy contract_private_update on storage.objects for update to authenticated
  using (bucket_id = 'contract-private' and owner_id = auth.uid()::text)
  with check (bucket_id = 'contract-private' and owner_id = auth.uid()::text);
create policy contract_private_delete on storage.objects for delete to authenticated
  using (bucket_id = 'contract-private' and owner_id = auth.uid()::text);
