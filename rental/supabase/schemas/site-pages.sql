-- site-pages: The public pages rendered ahead of visitors, shared by every server of the
-- site. One server renders at a time (an advisory lock, rental/website/pagerender.go) and
-- writes here; every server answers from here through a small in-memory cache, so N
-- servers neither render N times nor keep N copies. Each page is stored once, gzipped:
-- the other encodings are made from it when asked. Only the servers read and write it,
-- as service_role; it is in a schema of its own, never exposed over REST.
set check_function_bodies = off;

create schema site_pages;
revoke all on schema site_pages from public;
grant usage on schema site_pages to service_role;
-- The server prepares its statements as authenticator before switching role.
grant usage on schema site_pages to authenticator;

create table site_pages.pages (
  path        text        not null,               -- '' is the not-found page
  lang        text        not null,
  source_sum  bytea,                              -- what it was rendered from; null: the shell with its meta
  etag        text        not null,               -- of the HTML, quoted
  body        bytea       not null,               -- the HTML, gzip: the one stored form
  stale       boolean     not null default false, -- its data changed since: served with its data marked stale
  rendered_at timestamptz not null default now(),
  primary key (path, lang)
);
comment on table site_pages.pages is 'Public pages rendered ahead of visitors, one row per page and language (rental/website/pagerender.go).';
grant select, insert, update, delete on site_pages.pages to service_role;
