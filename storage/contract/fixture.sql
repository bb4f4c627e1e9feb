-- Fixture of the storage contract suite (applied after migrations and
-- scripts/contract/users.sql by scripts/test.d/35-storage-contract.sh through
-- FIXTURE_SQL): two buckets of the suite's own.

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
