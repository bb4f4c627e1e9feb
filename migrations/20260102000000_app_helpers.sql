-- Helpers every app table uses.

-- created_at and updated_at belong to the database, not to clients: one trigger
-- function, attached BEFORE INSERT OR UPDATE to every table that has both columns.
-- On insert updated_at starts equal to created_at; on update created_at cannot
-- change and updated_at is now(), whatever the client sent (the admin screens send
-- `updated_at: new Date()`, which is harmless and ignored).
create function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := coalesce(new.created_at, now());
    new.updated_at := new.created_at;
  else
    new.created_at := old.created_at;
    new.updated_at := now();
  end if;
  return new;
end
$$;

-- URL slugs: lower case ASCII letters, digits and single hyphens (as the blog form
-- builds them: accents removed, anything else becomes a hyphen, ends trimmed).
create function public.slugify(value text) returns text
language sql immutable
set search_path = ''
as $$
  select pg_catalog.btrim(
    pg_catalog.regexp_replace(
      pg_catalog.translate(
        pg_catalog.replace(pg_catalog.replace(pg_catalog.lower(coalesce(value, '')), 'œ', 'oe'), 'æ', 'ae'),
        'àáâãäåāçćčèéêëēėęìíîïīłñńòóôõöøōùúûüūýÿžźż',
        'aaaaaaaccceeeeeeeiiiiilnnooooooouuuuuyyzzz'),
      '[^a-z0-9]+', '-', 'g'),
    '-')
$$;
