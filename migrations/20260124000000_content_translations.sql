-- Agency content per language. The French columns stay the
-- source of truth and the fallback; English and Arabic live beside them in one
-- `translations` jsonb column per table, keyed by language:
--   cars.translations       {"en": {"description": "..."}, "ar": {...}}
--   blog_posts.translations {"en": {"title", "excerpt", "content", "tags": [...],
--                                   "meta_title", "meta_description"}, "ar": {...}}
-- A column of the row (not a side table) because a translation is read and written
-- with its row and by the same people: RLS and grants are the parent's as they
-- stand (anon reads cars and published posts; administrators write, is_admin()),
-- `select=*` carries it, and a draft's translations are as hidden as the draft.
-- A missing language or field (or an empty string) means "show the French".

-- The shape is checked, so a client cannot store what the site cannot show.
create function public.translations_valid(t jsonb, fields text[]) returns boolean
language sql immutable
set search_path = ''
as $$
  select jsonb_typeof(t) = 'object'
    and not exists (
      select 1 from jsonb_each(t) l
      where l.key not in ('en', 'ar')
         or jsonb_typeof(l.value) <> 'object'
         or exists (
           select 1 from jsonb_each(l.value) f
           where f.key <> all (fields)
              or case when f.key = 'tags'
                   then jsonb_typeof(f.value) <> 'array'
                        or exists (select 1 from jsonb_array_elements(f.value) e where jsonb_typeof(e) <> 'string')
                   else jsonb_typeof(f.value) not in ('string', 'null') end))
$$;

alter table public.cars add column translations jsonb not null default '{}'
  constraint cars_translations_valid check (public.translations_valid(translations, array['description']));
alter table public.blog_posts add column translations jsonb not null default '{}'
  constraint blog_posts_translations_valid check (public.translations_valid(translations,
    array['title', 'excerpt', 'content', 'tags', 'meta_title', 'meta_description']));

-- What a list of posts shows of each translation (title, excerpt, tags), as a
-- computed field: blog_posts?select=...,summary_translations. The lists do not
-- download every post's content in three languages.
create function public.summary_translations(public.blog_posts) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(l.key, jsonb_strip_nulls(jsonb_build_object(
           'title', l.value->'title', 'excerpt', l.value->'excerpt', 'tags', l.value->'tags'))), '{}')
  from jsonb_each($1.translations) l
$$;
grant execute on function public.summary_translations(public.blog_posts) to anon, authenticated, service_role;

-- page_data of 20260122 with the summaries' new column (blog/api.ts SUMMARY);
-- cars and the full post carry translations through their `*`.
create or replace function public.page_data(p_path text) returns jsonb
language sql stable
set search_path = ''
as $$
  with
  car_row as (  -- loadCar: cars?select=*,bookable&slug=eq.{slug}
    select c.*, public.bookable(c) as bookable from public.cars c
    where p_path like '/cars/%' and c.slug = substr(p_path, 7)
  ),
  published as (
    select b from public.blog_posts b where b.status = 'published'
  ),
  summary as (  -- the posts' SUMMARY columns of blog/api.ts, newest first
    select (p.b).slug, jsonb_build_object('id', (p.b).id, 'title', (p.b).title, 'slug', (p.b).slug, 'excerpt', (p.b).excerpt,
             'featured_image', (p.b).featured_image, 'tags', (p.b).tags, 'created_at', (p.b).created_at,
             'summary_translations', public.summary_translations(p.b)) as j,
           row_number() over (order by (p.b).created_at desc) as n
    from published p
  )
  select case
    when p_path in ('/', '/vehicles') then (
      select coalesce(jsonb_object_agg(k, v), '{}') from (values
        ('fleet', (select jsonb_agg(to_jsonb(c) || jsonb_build_object('bookable', public.bookable(c)) order by c.id)
                   from public.cars c)),
        ('latestPosts', case when p_path = '/' then
                   (select coalesce(jsonb_agg(s.j order by s.n), '[]') from summary s where s.n <= 3) end)
      ) as keyed (k, v) where v is not null)
    when p_path like '/cars/%' then jsonb_build_object(
      'car', (select to_jsonb(c) from car_row c),
      'carImages', coalesce((select jsonb_agg(to_jsonb(i) order by i.display_order, i.id)
                             from public.car_images i join car_row c on c.id = i.car_id), '[]'),
      -- loadSuggestions: up to 4 of the same category, else within ±50 DH
      'suggestions', coalesce(
        (select jsonb_agg(j order by id) from (
           select to_jsonb(o) || jsonb_build_object('bookable', public.bookable(o)) as j, o.id
           from public.cars o join car_row c on o.id <> c.id and o.category = c.category
           order by o.id limit 4) same),
        (select jsonb_agg(j order by id) from (
           select to_jsonb(o) || jsonb_build_object('bookable', public.bookable(o)) as j, o.id
           from public.cars o join car_row c on o.id <> c.id and o.price between c.price - 50 and c.price + 50
           order by o.id limit 4) band),
        '[]'))
    when p_path = '/blog' then jsonb_build_object(
      'posts', (select coalesce(jsonb_agg(s.j order by s.n), '[]') from summary s))
    when p_path like '/blog/%' then jsonb_build_object(
      'post', (select to_jsonb(p.b) from published p where (p.b).slug = substr(p_path, 7)),
      'similarPosts', (select coalesce(jsonb_agg(s.j order by s.n), '[]')
                       from (select s.j, s.n from summary s where s.slug <> substr(p_path, 7) order by s.n limit 3) s))
  end
$$;

-- A translated field, or null when the language has none (blank counts as none).
create function public.translated(t jsonb, lang text, field text) returns text
language sql immutable
set search_path = ''
as $$
  select nullif(btrim(t->lang->>field), '')
$$;

-- page_meta per language (the server passes the page's language: ?lang=, the
-- language cookie, Accept-Language): the translated description and titles, else
-- the French ones; the car title's suffix in the page's language.
create function public.page_meta(p_path text, p_lang text) returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(
    (select jsonb_build_object(
        'title', c.name || ' — ' || c.brand || ' | ' || case p_lang
            when 'en' then 'Car rental Casablanca Airport'
            when 'ar' then 'تأجير السيارات في مطار الدار البيضاء'
            else 'Location de voiture Casablanca Aéroport' end,
        'description', left(coalesce(public.translated(c.translations, p_lang, 'description'),
            case p_lang
              when 'en' then c.name || ' ' || c.brand || ' from ' || c.price || ' DH per day.'
              when 'ar' then c.name || ' ' || c.brand || ' ابتداءً من ' || c.price || ' درهم في اليوم.'
              else coalesce(nullif(c.description, ''), c.name || ' ' || c.brand || ' à partir de ' || c.price || ' DH par jour.') end), 200),
        'image', c.image,
        'type', 'product')
     from public.cars c
     where p_path = '/cars/' || c.slug),
    (select jsonb_build_object(
        'title', coalesce(public.translated(b.translations, p_lang, 'meta_title'),
                          public.translated(b.translations, p_lang, 'title'),
                          nullif(b.meta_title, ''), b.title),
        'description', left(coalesce(public.translated(b.translations, p_lang, 'meta_description'),
                                     public.translated(b.translations, p_lang, 'excerpt'),
                                     nullif(b.meta_description, ''), b.excerpt, ''), 200),
        'image', b.featured_image,
        'type', 'article')
     from public.blog_posts b
     where p_path = '/blog/' || b.slug and b.status = 'published')
  )
$$;

grant execute on function public.translations_valid(jsonb, text[]), public.translated(jsonb, text, text),
  public.page_meta(text, text) to anon, authenticated, service_role;
