-- foundations: The helpers every area uses, and the private schema (not exposed by the API)
-- that holds what no client may read. set_updated_at keeps created_at/updated_at honest
-- whatever a client sends; slugify and translations_valid give cars and posts one slug
-- and translation shape; the write limits (write_limits, write_buckets, take_write_token,
-- limit_public_writes) cap what one address may send to the public site per window, so a
-- script cannot fill the fleet with holds or the inbox with messages (PT429, HTTP 429).
--
-- Loaded in config.toml's schema_paths order with check_function_bodies off (as pg_dump
-- writes it): a function may name a table of a later file. docs/schema.md says how to change it.
set check_function_bodies = off;

CREATE SCHEMA private;

CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA extensions;

COMMENT ON EXTENSION btree_gist IS 'support for indexing common datatypes in GiST';


SET default_tablespace = '';

SET default_table_access_method = heap;

GRANT USAGE ON SCHEMA private TO service_role;

-- ── write_limits ───────────────────────────────────────────────────────────────────────

CREATE TABLE private.write_limits (
    kind text NOT NULL,
    max_burst integer NOT NULL,
    per interval NOT NULL,
    CONSTRAINT write_limits_max_burst_check CHECK ((max_burst > 0)),
    CONSTRAINT write_limits_per_check CHECK ((per > '00:00:00'::interval))
);

COMMENT ON TABLE private.write_limits IS 'per-address write limits of the public site (burst and refill period per kind)';

ALTER TABLE ONLY private.write_limits
    ADD CONSTRAINT write_limits_pkey PRIMARY KEY (kind);

-- ── write_buckets ──────────────────────────────────────────────────────────────────────

CREATE TABLE private.write_buckets (
    key text NOT NULL,
    tokens double precision NOT NULL,
    updated_at timestamp with time zone NOT NULL
);

COMMENT ON TABLE private.write_buckets IS 'token buckets of the write limits, keyed kind:address';

ALTER TABLE ONLY private.write_buckets
    ADD CONSTRAINT write_buckets_pkey PRIMARY KEY (key);

-- ── functions ──────────────────────────────────────────────────────────────────────────

CREATE FUNCTION private.email_key(p text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select regexp_replace(lower(btrim(coalesce(p, ''))), '\+[^@]*@', '@')
$$;

CREATE FUNCTION public.is_e164(p text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $_$
  select coalesce(p ~ '^\+[1-9][0-9]{6,14}$', false)
$_$;

GRANT ALL ON FUNCTION public.is_e164(p text) TO anon;
GRANT ALL ON FUNCTION public.is_e164(p text) TO authenticated;
GRANT ALL ON FUNCTION public.is_e164(p text) TO service_role;

CREATE FUNCTION private.limit_public_writes() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if auth.role() in ('anon', 'authenticated') and not public.is_admin() then
    perform private.take_write_token(tg_table_name);
  end if;
  return new;
end;
$$;

REVOKE ALL ON FUNCTION private.limit_public_writes() FROM PUBLIC;

CREATE FUNCTION private.phone_as_e164(p text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  select case
    when d ~ '^\+[1-9][0-9]{6,14}$' then d
    when d ~ '^00[1-9][0-9]{6,14}$' then '+' || substr(d, 3)
    when d ~ '^0[5-7][0-9]{8}$' then '+212' || substr(d, 2)
    when d ~ '^212[5-7][0-9]{8}$' then '+' || d
    else p
  end
  from (select regexp_replace(coalesce(p, ''), '[\s.()/-]', '', 'g') as d) s
$_$;

CREATE FUNCTION private.phone_key(p text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select public.phone_key(p)
$$;

CREATE FUNCTION public.phone_key(p text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select case
    when d like '212%' and length(d) >= 11 then substr(d, 4)
    when d like '0%' then substr(d, 2)
    else d
  end
  from (select regexp_replace(regexp_replace(coalesce(p, ''), '[^0-9]', '', 'g'), '^00', '') as d) s
$$;

GRANT ALL ON FUNCTION public.phone_key(p text) TO anon;
GRANT ALL ON FUNCTION public.phone_key(p text) TO authenticated;
GRANT ALL ON FUNCTION public.phone_key(p text) TO service_role;

CREATE FUNCTION public.set_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

GRANT ALL ON FUNCTION public.set_updated_at() TO anon;
GRANT ALL ON FUNCTION public.set_updated_at() TO authenticated;
GRANT ALL ON FUNCTION public.set_updated_at() TO service_role;

CREATE FUNCTION public.slugify(value text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select pg_catalog.btrim(
    pg_catalog.regexp_replace(
      pg_catalog.translate(
        pg_catalog.replace(pg_catalog.replace(pg_catalog.lower(coalesce(value, '')), 'œ', 'oe'), 'æ', 'ae'),
        'àáâãäåāçćčèéêëēėęìíîïīłñńòóôõöøōùúûüūýÿžźż',
        'aaaaaaaccceeeeeeeiiiiilnnooooooouuuuuyyzzz'),
      '[^a-z0-9]+', '-', 'g'),
    '-')
$$;

GRANT ALL ON FUNCTION public.slugify(value text) TO anon;
GRANT ALL ON FUNCTION public.slugify(value text) TO authenticated;
GRANT ALL ON FUNCTION public.slugify(value text) TO service_role;

CREATE FUNCTION private.take_write_token(p_kind text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_ip text := nullif(current_setting('request.client_ip', true), '');
  v_limit private.write_limits;
  v_tokens double precision;
begin
  if v_ip is null then
    return;
  end if;
  select * into v_limit from private.write_limits where kind = p_kind;
  if not found then
    return;
  end if;
  insert into private.write_buckets as b (key, tokens, updated_at)
  values (p_kind || ':' || v_ip, v_limit.max_burst - 1, now())
  on conflict (key) do update set
    tokens = least(v_limit.max_burst::double precision,
                   b.tokens + greatest(0, extract(epoch from now() - b.updated_at))
                              * v_limit.max_burst / extract(epoch from v_limit.per)) - 1,
    updated_at = greatest(b.updated_at, now())
  returning tokens into v_tokens;
  if v_tokens < 0 then
    raise exception 'Too many requests: please try again later'
      using errcode = 'PT429',
            detail = format('at most %s %s per %s from one address', v_limit.max_burst, p_kind, v_limit.per),
            hint = 'Wait a few minutes before trying again.';
  end if;
  if random() < 0.01 then -- now and then, forget buckets idle for a day
    delete from private.write_buckets where updated_at < now() - interval '1 day';
  end if;
end;
$$;

REVOKE ALL ON FUNCTION private.take_write_token(p_kind text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.take_write_token(p_kind text) TO service_role;

CREATE FUNCTION public.translated(t jsonb, lang text, field text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select nullif(btrim(t->lang->>field), '')
$$;

GRANT ALL ON FUNCTION public.translated(t jsonb, lang text, field text) TO anon;
GRANT ALL ON FUNCTION public.translated(t jsonb, lang text, field text) TO authenticated;
GRANT ALL ON FUNCTION public.translated(t jsonb, lang text, field text) TO service_role;

CREATE FUNCTION public.translations_valid(t jsonb, fields text[]) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
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

GRANT ALL ON FUNCTION public.translations_valid(t jsonb, fields text[]) TO anon;
GRANT ALL ON FUNCTION public.translations_valid(t jsonb, fields text[]) TO authenticated;
GRANT ALL ON FUNCTION public.translations_valid(t jsonb, fields text[]) TO service_role;
