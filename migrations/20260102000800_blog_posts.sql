-- Blog posts: the public reads published ones; administrators manage all.
create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> ''),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  excerpt text,
  content text, -- HTML
  featured_image text,
  status text not null default 'draft' check (status in ('draft', 'published')),
  author text,
  meta_title text,
  meta_description text,
  tags text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index blog_posts_status_created_at_idx on public.blog_posts (status, created_at desc);
create index blog_posts_created_at_idx on public.blog_posts (created_at desc);

create trigger blog_posts_set_updated_at before insert or update on public.blog_posts
  for each row execute function public.set_updated_at();

-- A slug is normalised (public.slugify); an empty one comes from the title, made
-- unique with a numeric suffix. Null tags mean none.
create function public.blog_posts_default_slug() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  base text;
  n integer := 1;
begin
  new.tags := coalesce(new.tags, '{}');
  if new.slug is not null and public.slugify(new.slug) <> '' then
    new.slug := public.slugify(new.slug);
    return new;
  end if;
  base := public.slugify(new.title);
  if base = '' then
    base := 'article';
  end if;
  new.slug := base;
  while exists (select 1 from public.blog_posts b where b.slug = new.slug and b.id is distinct from new.id) loop
    n := n + 1;
    new.slug := base || '-' || n;
  end loop;
  return new;
end
$$;
create trigger blog_posts_default_slug before insert or update of slug, tags on public.blog_posts
  for each row execute function public.blog_posts_default_slug();

alter table public.blog_posts enable row level security;
grant select on public.blog_posts to anon;
grant select, insert, update, delete on public.blog_posts to authenticated, service_role;

create policy blog_posts_select_published on public.blog_posts for select to anon, authenticated
  using (status = 'published');
create policy blog_posts_select_admin on public.blog_posts for select to authenticated
  using ((select public.is_admin()));
create policy blog_posts_insert_admin on public.blog_posts for insert to authenticated
  with check ((select public.is_admin()));
create policy blog_posts_update_admin on public.blog_posts for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy blog_posts_delete_admin on public.blog_posts for delete to authenticated
  using ((select public.is_admin()));
