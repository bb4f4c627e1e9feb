-- The site's two public image buckets and who may touch their objects:
-- everyone reads, administrators upload, replace and delete.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('car-images', 'car-images', true, 10485760,
   array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml']),
  ('blog-images', 'blog-images', true, 10485760,
   array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Bucket metadata is not secret (supabase-js getBucket, the storage service's checks).
create policy buckets_select_public on storage.buckets for select to anon, authenticated
  using (true);

create policy objects_select_public on storage.objects for select to anon, authenticated
  using (bucket_id in ('car-images', 'blog-images'));
create policy objects_insert_admin on storage.objects for insert to authenticated
  with check (bucket_id in ('car-images', 'blog-images') and (select public.is_admin()));
create policy objects_update_admin on storage.objects for update to authenticated
  using (bucket_id in ('car-images', 'blog-images') and (select public.is_admin()))
  with check (bucket_id in ('car-images', 'blog-images') and (select public.is_admin()));
create policy objects_delete_admin on storage.objects for delete to authenticated
  using (bucket_id in ('car-images', 'blog-images') and (select public.is_admin()));
