-- Bucket rows were readable by everyone (buckets_select_public
-- used true), so anon's listBuckets named the private buckets. Now anon and
-- signed-in users see the public buckets (the site only uploads to and links
-- into car-images and blog-images, both public), administrators see them all,
-- and the storage service (service_role, BYPASSRLS) still finds any bucket for
-- its own checks (uploads, signed URLs).
drop policy buckets_select_public on storage.buckets;
create policy buckets_select_public on storage.buckets for select to anon, authenticated
  using (public);
create policy buckets_select_admin on storage.buckets for select to authenticated
  using ((select public.is_admin()));
