-- The server renders the public pages ahead of visitors and keeps them in memory
-- (server/pagestore.go). Every server, whichever replica took the write, must learn
-- when the content those pages show changes: a statement-level trigger on each
-- table that public.page_data and public.page_meta read sends pg_notify on
-- page_content at commit; each server LISTENs there and re-reads the pages that
-- show that table. The payload names the table and, for a car's pictures, the
-- slugs of the cars whose pages show them (a payload that would not fit in
-- NOTIFY's 8000 bytes names the table alone: every page of it is re-read).
-- Statement-level: a bulk update is one notification, not one per row.

create function public.notify_page_content() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('page_content', jsonb_build_object('table', tg_table_name)::text);
  return null;
end
$$;

-- changed_rows is the rows inserted, deleted or (new values) updated;
-- changed_before the old values of an update (a picture moved to another car).
create function public.notify_car_pictures() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ids bigint[];
  payload text;
begin
  select array_agg(car_id) into ids from changed_rows;
  if tg_op = 'UPDATE' then
    select ids || array_agg(car_id) into ids from changed_before;
  end if;
  select jsonb_build_object('table', 'car_images', 'slugs', coalesce(jsonb_agg(distinct c.slug), '[]'))::text
    into payload
    from public.cars c where c.id = any (ids);
  if octet_length(payload) > 7900 then
    payload := jsonb_build_object('table', 'car_images')::text;
  end if;
  perform pg_notify('page_content', payload);
  return null;
end
$$;

-- Trigger functions: fired by the tables, never called by an API role.
revoke all on function public.notify_page_content(), public.notify_car_pictures() from public, anon, authenticated, service_role;

create trigger cars_page_content after insert or update or delete or truncate on public.cars
  for each statement execute function public.notify_page_content();
create trigger blog_posts_page_content after insert or update or delete or truncate on public.blog_posts
  for each statement execute function public.notify_page_content();

create trigger car_images_page_content_insert after insert on public.car_images
  referencing new table as changed_rows
  for each statement execute function public.notify_car_pictures();
create trigger car_images_page_content_update after update on public.car_images
  referencing new table as changed_rows old table as changed_before
  for each statement execute function public.notify_car_pictures();
create trigger car_images_page_content_delete after delete on public.car_images
  referencing old table as changed_rows
  for each statement execute function public.notify_car_pictures();
create trigger car_images_page_content_truncate after truncate on public.car_images
  for each statement execute function public.notify_page_content();
