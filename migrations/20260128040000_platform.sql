-- The platform's baseline: roles, the auth, storage and realtime schemas, the schema
-- cache's event triggers, the functions' deployments, and the grants on those schemas —
-- what every project served by this binary stands on. With the rental's baseline
-- (rental/supabase/migrations/20260128040000_baseline.sql) it is the one file that 53
-- migrations from 2026-01-01 to 2026-01-28 were squashed into (migrations/README.md: how
-- a database that applied them, or the single file, goes on); their text, with the reasons
-- for each table, policy and function, is in git (the last commit with all of them is
-- fb6586f).
--
-- Below the preamble, the body is pg_dump's output, the platform's objects only. The
-- preamble holds what pg_dump leaves out because it belongs to the cluster, not the
-- database: the roles of the Supabase model, their memberships and their settings. Roles
-- are cluster-wide, so the preamble is idempotent: several databases of one cluster each
-- run it.
--   anon, authenticated, service_role: what a request runs as (JWT "role" claim)
--   authenticator: the server's login; NOINHERIT, so it can do nothing until SET ROLE
--   supabase_auth_admin, supabase_storage_admin: what the auth and storage services
--   run as when they touch their own schemas
do $$
declare
  r record;
begin
  for r in select * from (values
      ('anon',                   'nologin noinherit'),
      ('authenticated',          'nologin noinherit'),
      ('service_role',           'nologin noinherit bypassrls'),
      ('authenticator',          'login noinherit'),
      ('supabase_auth_admin',    'nologin noinherit'),
      ('supabase_storage_admin', 'nologin noinherit')
    ) as t(name, attrs)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      begin
        execute format('create role %I %s', r.name, r.attrs);
      exception when duplicate_object or unique_violation then
        null; -- created meanwhile by another database of the cluster
      end;
    end if;
  end loop;
end
$$;

-- The server logs in as authenticator and switches to the others; granted only where
-- missing, for the same reason as the settings below.
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated', 'service_role', 'supabase_auth_admin', 'supabase_storage_admin']
  loop
    if not pg_has_role('authenticator', r, 'member') then
      begin
        execute format('grant %I to authenticator', r);
      exception when internal_error or unique_violation then
        null;
      end;
    end if;
  end loop;
end
$$;

-- Statement timeouts of the API roles, as Supabase sets them: a visitor's query stops after
-- 3 s, a signed-in user's after 8 s; service_role and the services' own roles are not
-- limited. server/pgrole applies them in every transaction it opens for a role (SET ROLE
-- alone would not). ALTER ROLE … SET rewrites its catalog row even when nothing changes,
-- and two databases doing it at once fail ("tuple concurrently updated", or a duplicate
-- key when the row is new): only what differs is set, and a database that lost that race
-- goes on, the other having set the same value.
do $$
declare
  r record;
begin
  for r in select * from (values ('anon', '3s'), ('authenticated', '8s')) as t(name, timeout)
  loop
    if not exists (select 1 from pg_db_role_setting s join pg_roles ro on ro.oid = s.setrole
                   where ro.rolname = r.name and s.setdatabase = 0
                     and 'statement_timeout=' || r.timeout = any (s.setconfig)) then
      begin
        execute format('alter role %I set statement_timeout = %L', r.name, r.timeout);
      exception when internal_error or unique_violation then
        null;
      end;
    end if;
  end loop;
end
$$;

-- The database: pg_dump's output from here on.--
-- PostgreSQL database dump
--



SET LOCAL statement_timeout = 0;
SET LOCAL lock_timeout = 0;
SET LOCAL idle_in_transaction_session_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', true);
SET LOCAL check_function_bodies = false;
SET LOCAL xmloption = content;
SET LOCAL client_min_messages = warning;
SET LOCAL row_security = off;

--
-- Name: auth; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA auth;


--
-- Name: extensions; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA extensions;


--
-- Name: pgrst; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA pgrst;


--
-- Name: private; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA private;


--
-- Name: realtime; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA realtime;


--
-- Name: storage; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA storage;


--
-- Name: email(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.email() RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;


--
-- Name: jwt(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.jwt() RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;


--
-- Name: role(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.role() RETURNS text
    LANGUAGE sql STABLE
    AS $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;


--
-- Name: uid(); Type: FUNCTION; Schema: auth; Owner: -
--

CREATE FUNCTION auth.uid() RETURNS uuid
    LANGUAGE sql STABLE
    AS $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;


--
-- Name: ddl_watch(); Type: FUNCTION; Schema: pgrst; Owner: -
--

CREATE FUNCTION pgrst.ddl_watch() RETURNS event_trigger
    LANGUAGE plpgsql
    AS $$
declare
  cmd record;
begin
  for cmd in select * from pg_event_trigger_ddl_commands() loop
    if cmd.command_tag in (
        'CREATE SCHEMA', 'ALTER SCHEMA', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE',
        'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE', 'CREATE VIEW', 'ALTER VIEW',
        'CREATE MATERIALIZED VIEW', 'ALTER MATERIALIZED VIEW', 'CREATE FUNCTION', 'ALTER FUNCTION',
        'CREATE TRIGGER', 'CREATE TYPE', 'ALTER TYPE', 'CREATE RULE', 'COMMENT', 'GRANT', 'REVOKE')
       and cmd.schema_name is distinct from 'pg_temp' then
      perform pg_notify('pgrst', 'reload schema');
      return;
    end if;
  end loop;
end
$$;


--
-- Name: drop_watch(); Type: FUNCTION; Schema: pgrst; Owner: -
--

CREATE FUNCTION pgrst.drop_watch() RETURNS event_trigger
    LANGUAGE plpgsql
    AS $$
declare
  obj record;
begin
  for obj in select * from pg_event_trigger_dropped_objects() loop
    if obj.object_type in ('schema', 'table', 'foreign table', 'view', 'materialized view', 'function',
                           'trigger', 'type', 'rule', 'table column')
       and not obj.is_temporary then
      perform pg_notify('pgrst', 'reload schema');
      return;
    end if;
  end loop;
end
$$;


--
-- Name: raise_error(integer, text, text, text); Type: FUNCTION; Schema: pgrst; Owner: -
--

CREATE FUNCTION pgrst.raise_error(status integer, code text, message text, details text) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', code, 'message', message, 'details', details, 'hint', null)::text,
    detail = json_build_object('status', status)::text;
end
$$;


SET LOCAL default_tablespace = '';

SET LOCAL default_table_access_method = heap;

--
-- Name: deploy_function(text, bytea, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.deploy_function(p_name text, p_bundle bytea, p_verify_jwt boolean) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v integer;
begin
  -- Two deploys of one name at once get consecutive versions.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('function_versions:' || p_name));
  select coalesce(max(version), 0) + 1 into v from private.function_versions where name = p_name;
  insert into private.function_versions (name, version, bundle, verify_jwt) values (p_name, v, p_bundle, p_verify_jwt);
  insert into private.function_active (name, version) values (p_name, v)
    on conflict (name) do update set version = excluded.version, changed_at = now();
  return v;
end;
$$;


--
-- Name: rollback_function(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.rollback_function(p_name text) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  cur integer;
  prev integer;
begin
  select version into cur from private.function_active where name = p_name for update;
  if cur is null then
    raise exception 'function % is not deployed', p_name using errcode = 'P0002';
  end if;
  select max(version) into prev from private.function_versions where name = p_name and version < cur;
  if prev is null then
    raise exception 'function % has no version before %', p_name, cur using errcode = 'P0002';
  end if;
  update private.function_active set version = prev, changed_at = now() where name = p_name;
  return prev;
end;
$$;


--
-- Name: topic(); Type: FUNCTION; Schema: realtime; Owner: -
--

CREATE FUNCTION realtime.topic() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$ select nullif(pg_catalog.current_setting('realtime.topic', true), '') $$;


--
-- Name: bucket_has_objects(text); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.bucket_has_objects(bucket text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$ select exists (select 1 from storage.objects where bucket_id = bucket) $$;


--
-- Name: extension(text); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.extension(name text) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$ select case when storage.filename(name) like '%.%' then reverse(split_part(reverse(storage.filename(name)), '.', 1)) else '' end $$;


--
-- Name: filename(text); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.filename(name text) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$ select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)] $$;


--
-- Name: foldername(text); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.foldername(name text) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    AS $$ select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1] $$;


--
-- Name: search(text, text, integer, integer, integer, text, text, text); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.search(prefix text, bucketname text, limits integer DEFAULT 100, levels integer DEFAULT 1, offsets integer DEFAULT 0, search text DEFAULT ''::text, sortcolumn text DEFAULT 'name'::text, sortorder text DEFAULT 'asc'::text) RETURNS TABLE(name text, id uuid, updated_at timestamp with time zone, created_at timestamp with time zone, last_accessed_at timestamp with time zone, metadata jsonb)
    LANGUAGE plpgsql STABLE
    AS $_$
declare
  p text := coalesce(prefix, '');
  col text := lower(coalesce(sortcolumn, 'name'));
  dir text := lower(coalesce(sortorder, 'asc'));
begin
  if p <> '' and right(p, 1) <> '/' then
    p := p || '/';
  end if;
  if col not in ('name', 'updated_at', 'created_at', 'last_accessed_at') then
    col := 'name';
  end if;
  if dir not in ('asc', 'desc') then
    dir := 'asc';
  end if;
  return query execute format($q$
    with level as (
      select o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
             substr(o.name, length($1) + 1) as rest
      from storage.objects o
      where o.bucket_id = $2 and starts_with(o.name, $1)
    ),
    entries as (
      select distinct on (split_part(l.rest, '/', 1))
             split_part(l.rest, '/', 1) as name,
             null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata
      from level l
      where position('/' in l.rest) > 0
      union all
      select l.rest, l.id, l.updated_at, l.created_at, l.last_accessed_at, l.metadata
      from level l
      where position('/' in l.rest) = 0
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
    from entries e
    where e.name <> '' and lower(e.name) like lower(replace(replace(replace($3, '\', '\\'), '%%', '\%%'), '_', '\_')) || '%%'
    order by e.%I %s, e.name asc
    limit $4 offset $5
  $q$, col, dir)
  using p, bucketname, coalesce(search, ''), coalesce(limits, 100), coalesce(offsets, 0);
end
$_$;


--
-- Name: update_updated_at_column(); Type: FUNCTION; Schema: storage; Owner: -
--

CREATE FUNCTION storage.update_updated_at_column() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
begin
  new.updated_at = now();
  return new;
end
$$;


--
-- Name: audit_log_entries; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.audit_log_entries (
    instance_id uuid,
    id uuid NOT NULL,
    payload json,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    ip_address character varying(64) DEFAULT ''::character varying NOT NULL
);


--
-- Name: flow_state; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.flow_state (
    id uuid NOT NULL,
    user_id uuid,
    auth_code text,
    code_challenge_method text,
    code_challenge text,
    provider_type text NOT NULL,
    provider_access_token text,
    provider_refresh_token text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    authentication_method text DEFAULT 'oauth'::text NOT NULL,
    auth_code_issued_at timestamp with time zone,
    redirect_to text NOT NULL,
    linking_user_id uuid,
    CONSTRAINT flow_state_check CHECK (((code_challenge IS NULL) = (code_challenge_method IS NULL))),
    CONSTRAINT flow_state_code_challenge_method_check CHECK ((code_challenge_method = ANY (ARRAY['s256'::text, 'plain'::text])))
);


--
-- Name: identities; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.identities (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    provider_id text NOT NULL,
    user_id uuid NOT NULL,
    identity_data jsonb NOT NULL,
    provider text NOT NULL,
    last_sign_in_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    email text GENERATED ALWAYS AS (lower((identity_data ->> 'email'::text))) STORED
);


--
-- Name: mfa_amr_claims; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.mfa_amr_claims (
    id uuid NOT NULL,
    session_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    authentication_method text NOT NULL
);


--
-- Name: mfa_challenges; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.mfa_challenges (
    id uuid NOT NULL,
    factor_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    verified_at timestamp with time zone,
    ip_address inet NOT NULL
);


--
-- Name: mfa_factors; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.mfa_factors (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    friendly_name text,
    factor_type text NOT NULL,
    status text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    secret text,
    phone text,
    last_challenged_at timestamp with time zone,
    last_totp_step bigint,
    CONSTRAINT mfa_factors_factor_type_check CHECK ((factor_type = ANY (ARRAY['totp'::text, 'phone'::text, 'webauthn'::text]))),
    CONSTRAINT mfa_factors_status_check CHECK ((status = ANY (ARRAY['unverified'::text, 'verified'::text])))
);


--
-- Name: rate_limits; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.rate_limits (
    key text NOT NULL,
    tokens double precision NOT NULL,
    allowed boolean NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: refresh_tokens; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.refresh_tokens (
    instance_id uuid,
    id bigint NOT NULL,
    token character varying(255) NOT NULL,
    user_id character varying(255),
    revoked boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    parent character varying(255),
    session_id uuid,
    nonce text
);


--
-- Name: refresh_tokens_id_seq; Type: SEQUENCE; Schema: auth; Owner: -
--

CREATE SEQUENCE auth.refresh_tokens_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: refresh_tokens_id_seq; Type: SEQUENCE OWNED BY; Schema: auth; Owner: -
--

ALTER SEQUENCE auth.refresh_tokens_id_seq OWNED BY auth.refresh_tokens.id;


--
-- Name: sessions; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.sessions (
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    factor_id uuid,
    aal text DEFAULT 'aal1'::text NOT NULL,
    not_after timestamp with time zone,
    refreshed_at timestamp without time zone,
    user_agent text,
    ip inet,
    tag text,
    CONSTRAINT sessions_aal_check CHECK ((aal = ANY (ARRAY['aal1'::text, 'aal2'::text, 'aal3'::text])))
);


--
-- Name: users; Type: TABLE; Schema: auth; Owner: -
--

CREATE TABLE auth.users (
    instance_id uuid,
    id uuid NOT NULL,
    aud character varying(255),
    role character varying(255),
    email character varying(255),
    encrypted_password character varying(255),
    email_confirmed_at timestamp with time zone,
    invited_at timestamp with time zone,
    confirmation_token character varying(255),
    confirmation_sent_at timestamp with time zone,
    recovery_token character varying(255),
    recovery_sent_at timestamp with time zone,
    email_change_token_new character varying(255),
    email_change character varying(255),
    email_change_sent_at timestamp with time zone,
    email_change_token_current character varying(255) DEFAULT ''::character varying,
    email_change_confirm_status smallint DEFAULT 0,
    last_sign_in_at timestamp with time zone,
    raw_app_meta_data jsonb DEFAULT '{}'::jsonb NOT NULL,
    raw_user_meta_data jsonb DEFAULT '{}'::jsonb NOT NULL,
    is_super_admin boolean,
    phone text,
    phone_confirmed_at timestamp with time zone,
    phone_change text DEFAULT ''::text,
    phone_change_token character varying(255) DEFAULT ''::character varying,
    phone_change_sent_at timestamp with time zone,
    confirmed_at timestamp with time zone GENERATED ALWAYS AS (LEAST(email_confirmed_at, phone_confirmed_at)) STORED,
    banned_until timestamp with time zone,
    reauthentication_token character varying(255) DEFAULT ''::character varying,
    reauthentication_sent_at timestamp with time zone,
    is_sso_user boolean DEFAULT false NOT NULL,
    is_anonymous boolean DEFAULT false NOT NULL,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT users_email_change_confirm_status_check CHECK (((email_change_confirm_status >= 0) AND (email_change_confirm_status <= 2)))
);


--
-- Name: function_active; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.function_active (
    name text NOT NULL,
    version integer NOT NULL,
    changed_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: function_secrets; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.function_secrets (
    name text NOT NULL,
    sealed bytea NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT function_secrets_name_check CHECK (((name ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text) AND (name !~ '^SUPABASE_'::text)))
);


--
-- Name: function_versions; Type: TABLE; Schema: private; Owner: -
--

CREATE TABLE private.function_versions (
    name text NOT NULL,
    version integer NOT NULL,
    bundle bytea NOT NULL,
    digest text GENERATED ALWAYS AS (encode(sha256(bundle), 'hex'::text)) STORED,
    verify_jwt boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT function_versions_bundle_check CHECK ((octet_length(bundle) > 0)),
    CONSTRAINT function_versions_name_check CHECK ((name ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$'::text)),
    CONSTRAINT function_versions_version_check CHECK ((version > 0))
);


--
-- Name: fanout_changes; Type: TABLE; Schema: realtime; Owner: -
--

CREATE TABLE realtime.fanout_changes (
    id bigint NOT NULL,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: fanout_changes_id_seq; Type: SEQUENCE; Schema: realtime; Owner: -
--

ALTER TABLE realtime.fanout_changes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME realtime.fanout_changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: messages; Type: TABLE; Schema: realtime; Owner: -
--

CREATE TABLE realtime.messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    topic text NOT NULL,
    extension text NOT NULL,
    event text,
    payload jsonb,
    private boolean DEFAULT true NOT NULL,
    inserted_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT messages_extension_check CHECK ((extension = ANY (ARRAY['broadcast'::text, 'presence'::text])))
);


--
-- Name: replication_state; Type: TABLE; Schema: realtime; Owner: -
--

CREATE TABLE realtime.replication_state (
    slot_name text NOT NULL,
    lsn pg_lsn NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: buckets; Type: TABLE; Schema: storage; Owner: -
--

CREATE TABLE storage.buckets (
    id text NOT NULL,
    name text NOT NULL,
    owner uuid,
    owner_id text,
    public boolean DEFAULT false NOT NULL,
    avif_autodetection boolean DEFAULT false,
    file_size_limit bigint,
    allowed_mime_types text[],
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT buckets_file_size_limit_check CHECK (((file_size_limit IS NULL) OR (file_size_limit > 0)))
);


--
-- Name: objects; Type: TABLE; Schema: storage; Owner: -
--

CREATE TABLE storage.objects (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    bucket_id text NOT NULL,
    name text NOT NULL,
    owner uuid,
    owner_id text,
    metadata jsonb,
    user_metadata jsonb,
    path_tokens text[] GENERATED ALWAYS AS (string_to_array(name, '/'::text)) STORED,
    version text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    last_accessed_at timestamp with time zone DEFAULT now()
);


--
-- Name: orphans; Type: TABLE; Schema: storage; Owner: -
--

CREATE TABLE storage.orphans (
    bucket_id text NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    last_error text
);


--
-- Name: refresh_tokens id; Type: DEFAULT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.refresh_tokens ALTER COLUMN id SET DEFAULT nextval('auth.refresh_tokens_id_seq'::regclass);


--
-- Data for Name: audit_log_entries; Type: TABLE DATA; Schema: auth; Owner: -
--



--
-- Data for Name: flow_state; Type: TABLE DATA; Schema: auth; Owner: -
--



--
-- Data for Name: identities; Type: TABLE DATA; Schema: auth; Owner: -
--



--
-- Data for Name: mfa_amr_claims; Type: TABLE DATA; Schema: auth; Owner: -
--



--
-- Data for Name: mfa_challenges; Type: TABLE DATA; Schema: auth; Owner: -
--



--
-- Data for Name: mfa_factors; Type: TABLE DATA; Schema: auth; Owner: -
--



--
-- Data for Name: rate_limits; Type: TABLE DATA; Schema: auth; Owner: -
--



--
-- Data for Name: refresh_tokens; Type: TABLE DATA; Schema: auth; Owner: -
--



--
-- Data for Name: sessions; Type: TABLE DATA; Schema: auth; Owner: -
--



--
-- Data for Name: users; Type: TABLE DATA; Schema: auth; Owner: -
--



--
-- Data for Name: function_active; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: function_secrets; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: function_versions; Type: TABLE DATA; Schema: private; Owner: -
--



--
-- Data for Name: fanout_changes; Type: TABLE DATA; Schema: realtime; Owner: -
--



--
-- Data for Name: messages; Type: TABLE DATA; Schema: realtime; Owner: -
--



--
-- Data for Name: replication_state; Type: TABLE DATA; Schema: realtime; Owner: -
--



--
-- Data for Name: objects; Type: TABLE DATA; Schema: storage; Owner: -
--



--
-- Data for Name: orphans; Type: TABLE DATA; Schema: storage; Owner: -
--



--
-- Name: refresh_tokens_id_seq; Type: SEQUENCE SET; Schema: auth; Owner: -
--

SELECT pg_catalog.setval('auth.refresh_tokens_id_seq', 1, false);


--
-- Name: fanout_changes_id_seq; Type: SEQUENCE SET; Schema: realtime; Owner: -
--

SELECT pg_catalog.setval('realtime.fanout_changes_id_seq', 1, false);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: users users_phone_key; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.users
    ADD CONSTRAINT users_phone_key UNIQUE (phone);


--
-- Name: users_email_partial_key; Type: INDEX; Schema: auth; Owner: -
--

CREATE UNIQUE INDEX users_email_partial_key ON auth.users USING btree (lower((email)::text)) WHERE ((is_sso_user = false) AND (email IS NOT NULL));


--
-- Name: users_instance_id_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX users_instance_id_idx ON auth.users USING btree (instance_id);


--
-- Name: identities identities_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.identities
    ADD CONSTRAINT identities_pkey PRIMARY KEY (id);


--
-- Name: identities identities_provider_id_provider_key; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.identities
    ADD CONSTRAINT identities_provider_id_provider_key UNIQUE (provider_id, provider);


--
-- Name: identities_user_id_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX identities_user_id_idx ON auth.identities USING btree (user_id);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);


--
-- Name: sessions_user_id_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX sessions_user_id_idx ON auth.sessions USING btree (user_id);


--
-- Name: refresh_tokens refresh_tokens_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.refresh_tokens
    ADD CONSTRAINT refresh_tokens_pkey PRIMARY KEY (id);


--
-- Name: refresh_tokens refresh_tokens_token_key; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.refresh_tokens
    ADD CONSTRAINT refresh_tokens_token_key UNIQUE (token);


--
-- Name: refresh_tokens_session_id_revoked_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX refresh_tokens_session_id_revoked_idx ON auth.refresh_tokens USING btree (session_id, revoked);


--
-- Name: refresh_tokens_parent_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX refresh_tokens_parent_idx ON auth.refresh_tokens USING btree (parent);


--
-- Name: buckets buckets_pkey; Type: CONSTRAINT; Schema: storage; Owner: -
--

ALTER TABLE ONLY storage.buckets
    ADD CONSTRAINT buckets_pkey PRIMARY KEY (id);


--
-- Name: buckets buckets_name_key; Type: CONSTRAINT; Schema: storage; Owner: -
--

ALTER TABLE ONLY storage.buckets
    ADD CONSTRAINT buckets_name_key UNIQUE (name);


--
-- Name: objects objects_pkey; Type: CONSTRAINT; Schema: storage; Owner: -
--

ALTER TABLE ONLY storage.objects
    ADD CONSTRAINT objects_pkey PRIMARY KEY (id);


--
-- Name: objects objects_bucket_id_name_key; Type: CONSTRAINT; Schema: storage; Owner: -
--

ALTER TABLE ONLY storage.objects
    ADD CONSTRAINT objects_bucket_id_name_key UNIQUE (bucket_id, name);


--
-- Name: objects_bucket_id_name_prefix_idx; Type: INDEX; Schema: storage; Owner: -
--

CREATE INDEX objects_bucket_id_name_prefix_idx ON storage.objects USING btree (bucket_id, name text_pattern_ops);


--
-- Name: users_confirmation_token_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX users_confirmation_token_idx ON auth.users USING btree (confirmation_token) WHERE ((confirmation_token)::text <> ''::text);


--
-- Name: users_recovery_token_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX users_recovery_token_idx ON auth.users USING btree (recovery_token) WHERE ((recovery_token)::text <> ''::text);


--
-- Name: users_email_change_token_new_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX users_email_change_token_new_idx ON auth.users USING btree (email_change_token_new) WHERE ((email_change_token_new)::text <> ''::text);


--
-- Name: users_email_change_token_current_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX users_email_change_token_current_idx ON auth.users USING btree (email_change_token_current) WHERE ((email_change_token_current)::text <> ''::text);


--
-- Name: rate_limits rate_limits_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.rate_limits
    ADD CONSTRAINT rate_limits_pkey PRIMARY KEY (key);


--
-- Name: rate_limits_updated_at_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX rate_limits_updated_at_idx ON auth.rate_limits USING btree (updated_at);


--
-- Name: audit_log_entries audit_log_entries_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.audit_log_entries
    ADD CONSTRAINT audit_log_entries_pkey PRIMARY KEY (id);


--
-- Name: audit_logs_created_at_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX audit_logs_created_at_idx ON auth.audit_log_entries USING btree (created_at);


--
-- Name: mfa_amr_claims mfa_amr_claims_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_amr_claims
    ADD CONSTRAINT mfa_amr_claims_pkey PRIMARY KEY (id);


--
-- Name: mfa_amr_claims mfa_amr_claims_session_id_authentication_method_key; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_amr_claims
    ADD CONSTRAINT mfa_amr_claims_session_id_authentication_method_key UNIQUE (session_id, authentication_method);


--
-- Name: orphans orphans_pkey; Type: CONSTRAINT; Schema: storage; Owner: -
--

ALTER TABLE ONLY storage.orphans
    ADD CONSTRAINT orphans_pkey PRIMARY KEY (bucket_id, name);


--
-- Name: mfa_factors mfa_factors_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_factors
    ADD CONSTRAINT mfa_factors_pkey PRIMARY KEY (id);


--
-- Name: mfa_factors_user_id_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX mfa_factors_user_id_idx ON auth.mfa_factors USING btree (user_id);


--
-- Name: mfa_factors_user_friendly_name_unique; Type: INDEX; Schema: auth; Owner: -
--

CREATE UNIQUE INDEX mfa_factors_user_friendly_name_unique ON auth.mfa_factors USING btree (friendly_name, user_id) WHERE (TRIM(BOTH FROM friendly_name) <> ''::text);


--
-- Name: mfa_challenges mfa_challenges_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_challenges
    ADD CONSTRAINT mfa_challenges_pkey PRIMARY KEY (id);


--
-- Name: mfa_challenges_factor_id_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX mfa_challenges_factor_id_idx ON auth.mfa_challenges USING btree (factor_id);


--
-- Name: mfa_challenges_created_at_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX mfa_challenges_created_at_idx ON auth.mfa_challenges USING btree (created_at DESC);


--
-- Name: messages messages_pkey; Type: CONSTRAINT; Schema: realtime; Owner: -
--

ALTER TABLE ONLY realtime.messages
    ADD CONSTRAINT messages_pkey PRIMARY KEY (id);


--
-- Name: replication_state replication_state_pkey; Type: CONSTRAINT; Schema: realtime; Owner: -
--

ALTER TABLE ONLY realtime.replication_state
    ADD CONSTRAINT replication_state_pkey PRIMARY KEY (slot_name);


--
-- Name: fanout_changes fanout_changes_pkey; Type: CONSTRAINT; Schema: realtime; Owner: -
--

ALTER TABLE ONLY realtime.fanout_changes
    ADD CONSTRAINT fanout_changes_pkey PRIMARY KEY (id);


--
-- Name: function_versions function_versions_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.function_versions
    ADD CONSTRAINT function_versions_pkey PRIMARY KEY (name, version);


--
-- Name: function_active function_active_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.function_active
    ADD CONSTRAINT function_active_pkey PRIMARY KEY (name);


--
-- Name: function_secrets function_secrets_pkey; Type: CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.function_secrets
    ADD CONSTRAINT function_secrets_pkey PRIMARY KEY (name);


--
-- Name: flow_state flow_state_pkey; Type: CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.flow_state
    ADD CONSTRAINT flow_state_pkey PRIMARY KEY (id);


--
-- Name: flow_state_auth_code_key; Type: INDEX; Schema: auth; Owner: -
--

CREATE UNIQUE INDEX flow_state_auth_code_key ON auth.flow_state USING btree (auth_code) WHERE (auth_code IS NOT NULL);


--
-- Name: flow_state_created_at_idx; Type: INDEX; Schema: auth; Owner: -
--

CREATE INDEX flow_state_created_at_idx ON auth.flow_state USING btree (created_at DESC);


--
-- Name: buckets update_buckets_updated_at; Type: TRIGGER; Schema: storage; Owner: -
--

CREATE TRIGGER update_buckets_updated_at BEFORE UPDATE ON storage.buckets FOR EACH ROW EXECUTE FUNCTION storage.update_updated_at_column();


--
-- Name: objects update_objects_updated_at; Type: TRIGGER; Schema: storage; Owner: -
--

CREATE TRIGGER update_objects_updated_at BEFORE UPDATE ON storage.objects FOR EACH ROW EXECUTE FUNCTION storage.update_updated_at_column();


--
-- Name: flow_state flow_state_linking_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.flow_state
    ADD CONSTRAINT flow_state_linking_user_id_fkey FOREIGN KEY (linking_user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: flow_state flow_state_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.flow_state
    ADD CONSTRAINT flow_state_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: identities identities_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.identities
    ADD CONSTRAINT identities_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: mfa_amr_claims mfa_amr_claims_session_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_amr_claims
    ADD CONSTRAINT mfa_amr_claims_session_id_fkey FOREIGN KEY (session_id) REFERENCES auth.sessions(id) ON DELETE CASCADE;


--
-- Name: mfa_challenges mfa_challenges_factor_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_challenges
    ADD CONSTRAINT mfa_challenges_factor_id_fkey FOREIGN KEY (factor_id) REFERENCES auth.mfa_factors(id) ON DELETE CASCADE;


--
-- Name: mfa_factors mfa_factors_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.mfa_factors
    ADD CONSTRAINT mfa_factors_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: refresh_tokens refresh_tokens_session_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.refresh_tokens
    ADD CONSTRAINT refresh_tokens_session_id_fkey FOREIGN KEY (session_id) REFERENCES auth.sessions(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_factor_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.sessions
    ADD CONSTRAINT sessions_factor_id_fkey FOREIGN KEY (factor_id) REFERENCES auth.mfa_factors(id) ON DELETE SET NULL;


--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: auth; Owner: -
--

ALTER TABLE ONLY auth.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;


--
-- Name: function_active function_active_name_version_fkey; Type: FK CONSTRAINT; Schema: private; Owner: -
--

ALTER TABLE ONLY private.function_active
    ADD CONSTRAINT function_active_name_version_fkey FOREIGN KEY (name, version) REFERENCES private.function_versions(name, version);


--
-- Name: objects objects_bucket_id_fkey; Type: FK CONSTRAINT; Schema: storage; Owner: -
--

ALTER TABLE ONLY storage.objects
    ADD CONSTRAINT objects_bucket_id_fkey FOREIGN KEY (bucket_id) REFERENCES storage.buckets(id);


--
-- Name: messages; Type: ROW SECURITY; Schema: realtime; Owner: -
--

ALTER TABLE realtime.messages ENABLE ROW LEVEL SECURITY;

--
-- Name: buckets; Type: ROW SECURITY; Schema: storage; Owner: -
--

ALTER TABLE storage.buckets ENABLE ROW LEVEL SECURITY;

--
-- Name: objects; Type: ROW SECURITY; Schema: storage; Owner: -
--

ALTER TABLE storage.objects ENABLE ROW LEVEL SECURITY;

--
-- Name: orphans; Type: ROW SECURITY; Schema: storage; Owner: -
--

ALTER TABLE storage.orphans ENABLE ROW LEVEL SECURITY;

--
-- Name: supabase_realtime; Type: PUBLICATION; Schema: -; Owner: -
--

CREATE PUBLICATION supabase_realtime WITH (publish = 'insert, update, delete, truncate');


--
-- Name: SCHEMA auth; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA auth TO anon;
GRANT USAGE ON SCHEMA auth TO authenticated;
GRANT USAGE ON SCHEMA auth TO service_role;
GRANT USAGE ON SCHEMA auth TO supabase_auth_admin;
GRANT USAGE ON SCHEMA auth TO authenticator;


--
-- Name: SCHEMA extensions; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA extensions TO anon;
GRANT USAGE ON SCHEMA extensions TO authenticated;
GRANT USAGE ON SCHEMA extensions TO service_role;
GRANT USAGE ON SCHEMA extensions TO authenticator;


--
-- Name: SCHEMA pgrst; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA pgrst TO authenticator;
GRANT USAGE ON SCHEMA pgrst TO anon;
GRANT USAGE ON SCHEMA pgrst TO authenticated;
GRANT USAGE ON SCHEMA pgrst TO service_role;


--
-- Name: SCHEMA private; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA private TO service_role;


--
-- Name: SCHEMA public; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA public TO anon;
GRANT USAGE ON SCHEMA public TO authenticated;
GRANT USAGE ON SCHEMA public TO service_role;
GRANT USAGE ON SCHEMA public TO authenticator;


--
-- Name: SCHEMA realtime; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA realtime TO anon;
GRANT USAGE ON SCHEMA realtime TO authenticated;
GRANT USAGE ON SCHEMA realtime TO service_role;
GRANT USAGE ON SCHEMA realtime TO authenticator;


--
-- Name: SCHEMA storage; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA storage TO anon;
GRANT USAGE ON SCHEMA storage TO authenticated;
GRANT USAGE ON SCHEMA storage TO service_role;
GRANT USAGE ON SCHEMA storage TO supabase_storage_admin;
GRANT USAGE ON SCHEMA storage TO authenticator;


--
-- Name: FUNCTION email(); Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON FUNCTION auth.email() TO anon;
GRANT ALL ON FUNCTION auth.email() TO authenticated;
GRANT ALL ON FUNCTION auth.email() TO service_role;
GRANT ALL ON FUNCTION auth.email() TO supabase_auth_admin;
GRANT ALL ON FUNCTION auth.email() TO supabase_storage_admin;


--
-- Name: FUNCTION jwt(); Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON FUNCTION auth.jwt() TO anon;
GRANT ALL ON FUNCTION auth.jwt() TO authenticated;
GRANT ALL ON FUNCTION auth.jwt() TO service_role;
GRANT ALL ON FUNCTION auth.jwt() TO supabase_auth_admin;
GRANT ALL ON FUNCTION auth.jwt() TO supabase_storage_admin;


--
-- Name: FUNCTION role(); Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON FUNCTION auth.role() TO anon;
GRANT ALL ON FUNCTION auth.role() TO authenticated;
GRANT ALL ON FUNCTION auth.role() TO service_role;
GRANT ALL ON FUNCTION auth.role() TO supabase_auth_admin;
GRANT ALL ON FUNCTION auth.role() TO supabase_storage_admin;


--
-- Name: FUNCTION uid(); Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON FUNCTION auth.uid() TO anon;
GRANT ALL ON FUNCTION auth.uid() TO authenticated;
GRANT ALL ON FUNCTION auth.uid() TO service_role;
GRANT ALL ON FUNCTION auth.uid() TO supabase_auth_admin;
GRANT ALL ON FUNCTION auth.uid() TO supabase_storage_admin;


--
-- Name: FUNCTION raise_error(status integer, code text, message text, details text); Type: ACL; Schema: pgrst; Owner: -
--

REVOKE ALL ON FUNCTION pgrst.raise_error(status integer, code text, message text, details text) FROM PUBLIC;
GRANT ALL ON FUNCTION pgrst.raise_error(status integer, code text, message text, details text) TO authenticator;
GRANT ALL ON FUNCTION pgrst.raise_error(status integer, code text, message text, details text) TO anon;
GRANT ALL ON FUNCTION pgrst.raise_error(status integer, code text, message text, details text) TO authenticated;
GRANT ALL ON FUNCTION pgrst.raise_error(status integer, code text, message text, details text) TO service_role;


--
-- Name: FUNCTION deploy_function(p_name text, p_bundle bytea, p_verify_jwt boolean); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.deploy_function(p_name text, p_bundle bytea, p_verify_jwt boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION private.deploy_function(p_name text, p_bundle bytea, p_verify_jwt boolean) TO service_role;


--
-- Name: FUNCTION rollback_function(p_name text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.rollback_function(p_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.rollback_function(p_name text) TO service_role;


--
-- Name: FUNCTION topic(); Type: ACL; Schema: realtime; Owner: -
--

GRANT ALL ON FUNCTION realtime.topic() TO anon;
GRANT ALL ON FUNCTION realtime.topic() TO authenticated;
GRANT ALL ON FUNCTION realtime.topic() TO service_role;


--
-- Name: FUNCTION bucket_has_objects(bucket text); Type: ACL; Schema: storage; Owner: -
--

GRANT ALL ON FUNCTION storage.bucket_has_objects(bucket text) TO anon;
GRANT ALL ON FUNCTION storage.bucket_has_objects(bucket text) TO authenticated;
GRANT ALL ON FUNCTION storage.bucket_has_objects(bucket text) TO service_role;


--
-- Name: FUNCTION extension(name text); Type: ACL; Schema: storage; Owner: -
--

GRANT ALL ON FUNCTION storage.extension(name text) TO anon;
GRANT ALL ON FUNCTION storage.extension(name text) TO authenticated;
GRANT ALL ON FUNCTION storage.extension(name text) TO service_role;
GRANT ALL ON FUNCTION storage.extension(name text) TO supabase_storage_admin;


--
-- Name: FUNCTION filename(name text); Type: ACL; Schema: storage; Owner: -
--

GRANT ALL ON FUNCTION storage.filename(name text) TO anon;
GRANT ALL ON FUNCTION storage.filename(name text) TO authenticated;
GRANT ALL ON FUNCTION storage.filename(name text) TO service_role;
GRANT ALL ON FUNCTION storage.filename(name text) TO supabase_storage_admin;


--
-- Name: FUNCTION foldername(name text); Type: ACL; Schema: storage; Owner: -
--

GRANT ALL ON FUNCTION storage.foldername(name text) TO anon;
GRANT ALL ON FUNCTION storage.foldername(name text) TO authenticated;
GRANT ALL ON FUNCTION storage.foldername(name text) TO service_role;
GRANT ALL ON FUNCTION storage.foldername(name text) TO supabase_storage_admin;


--
-- Name: FUNCTION search(prefix text, bucketname text, limits integer, levels integer, offsets integer, search text, sortcolumn text, sortorder text); Type: ACL; Schema: storage; Owner: -
--

GRANT ALL ON FUNCTION storage.search(prefix text, bucketname text, limits integer, levels integer, offsets integer, search text, sortcolumn text, sortorder text) TO anon;
GRANT ALL ON FUNCTION storage.search(prefix text, bucketname text, limits integer, levels integer, offsets integer, search text, sortcolumn text, sortorder text) TO authenticated;
GRANT ALL ON FUNCTION storage.search(prefix text, bucketname text, limits integer, levels integer, offsets integer, search text, sortcolumn text, sortorder text) TO service_role;


--
-- Name: TABLE audit_log_entries; Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON TABLE auth.audit_log_entries TO supabase_auth_admin;


--
-- Name: TABLE flow_state; Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON TABLE auth.flow_state TO supabase_auth_admin;


--
-- Name: TABLE identities; Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON TABLE auth.identities TO supabase_auth_admin;


--
-- Name: TABLE mfa_amr_claims; Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON TABLE auth.mfa_amr_claims TO supabase_auth_admin;


--
-- Name: TABLE mfa_challenges; Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON TABLE auth.mfa_challenges TO supabase_auth_admin;


--
-- Name: TABLE mfa_factors; Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON TABLE auth.mfa_factors TO supabase_auth_admin;


--
-- Name: TABLE rate_limits; Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON TABLE auth.rate_limits TO supabase_auth_admin;


--
-- Name: TABLE refresh_tokens; Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON TABLE auth.refresh_tokens TO supabase_auth_admin;


--
-- Name: SEQUENCE refresh_tokens_id_seq; Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON SEQUENCE auth.refresh_tokens_id_seq TO supabase_auth_admin;


--
-- Name: TABLE sessions; Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON TABLE auth.sessions TO supabase_auth_admin;


--
-- Name: TABLE users; Type: ACL; Schema: auth; Owner: -
--

GRANT ALL ON TABLE auth.users TO supabase_auth_admin;


--
-- Name: TABLE function_active; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT,INSERT,UPDATE ON TABLE private.function_active TO service_role;


--
-- Name: TABLE function_secrets; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE private.function_secrets TO service_role;


--
-- Name: TABLE function_versions; Type: ACL; Schema: private; Owner: -
--

GRANT SELECT,INSERT ON TABLE private.function_versions TO service_role;


--
-- Name: TABLE fanout_changes; Type: ACL; Schema: realtime; Owner: -
--

GRANT SELECT ON TABLE realtime.fanout_changes TO authenticator;


--
-- Name: TABLE messages; Type: ACL; Schema: realtime; Owner: -
--

GRANT SELECT,INSERT ON TABLE realtime.messages TO anon;
GRANT SELECT,INSERT ON TABLE realtime.messages TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE realtime.messages TO service_role;


--
-- Name: TABLE buckets; Type: ACL; Schema: storage; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.buckets TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.buckets TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.buckets TO service_role;
GRANT ALL ON TABLE storage.buckets TO supabase_storage_admin;


--
-- Name: TABLE objects; Type: ACL; Schema: storage; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.objects TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.objects TO authenticated;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.objects TO service_role;
GRANT ALL ON TABLE storage.objects TO supabase_storage_admin;


--
-- Name: TABLE orphans; Type: ACL; Schema: storage; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.orphans TO service_role;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE storage.orphans TO supabase_storage_admin;


--
-- Name: DEFAULT PRIVILEGES FOR SEQUENCES; Type: DEFAULT ACL; Schema: auth; Owner: -
--

ALTER DEFAULT PRIVILEGES IN SCHEMA auth GRANT ALL ON SEQUENCES  TO supabase_auth_admin;


--
-- Name: DEFAULT PRIVILEGES FOR TABLES; Type: DEFAULT ACL; Schema: auth; Owner: -
--

ALTER DEFAULT PRIVILEGES IN SCHEMA auth GRANT ALL ON TABLES  TO supabase_auth_admin;


--
-- Name: pgrst_ddl_watch; Type: EVENT TRIGGER; Schema: -; Owner: -
--

CREATE EVENT TRIGGER pgrst_ddl_watch ON ddl_command_end
   EXECUTE FUNCTION pgrst.ddl_watch();


--
-- Name: pgrst_drop_watch; Type: EVENT TRIGGER; Schema: -; Owner: -
--

CREATE EVENT TRIGGER pgrst_drop_watch ON sql_drop
   EXECUTE FUNCTION pgrst.drop_watch();


--
-- PostgreSQL database dump complete
--


--
-- PostgreSQL database dump complete
--
