-- The public pages rendered ahead of visitors, shared by every server of the
-- site: one server renders (rental/website/pagerender.go, elected by an advisory
-- lock), every server answers from here through a small in-memory cache. Only
-- the servers read and write it, as service_role; it is not exposed over REST.
create schema if not exists site_pages;

create table site_pages.pages (
  path        text        not null,             -- '' is the not-found page
  lang        text        not null,
  source_sum  bytea,                            -- what it was rendered from; null: the shell with its meta, not rendered yet
  etag        text        not null,             -- of the HTML, quoted
  body        bytea       not null,             -- the HTML, gzip: the one stored form
  stale       boolean     not null default false, -- its data changed since: served with its embedded data marked stale
  rendered_at timestamptz not null default now(),
  primary key (path, lang)
);

comment on table site_pages.pages is 'Public pages rendered ahead of visitors, one row per page and language (rental/website/pagerender.go).';

revoke all on schema site_pages from public;
grant usage on schema site_pages to service_role;
-- The server prepares its statements as authenticator before switching role.
grant usage on schema site_pages to authenticator;
grant select, insert, update, delete on site_pages.pages to service_role;
