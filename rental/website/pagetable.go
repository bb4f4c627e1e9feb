package website

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/jackc/pgx/v5"

	"casarent/server/pgrole"
)

// The table of rendered pages, site_pages.pages (rental/supabase/schemas/site-pages.sql):
// every server reads it, the renderer alone writes it. Each write notifies
// page_store with the paths it changed (storeChange), in the same transaction,
// so that every server drops them from its cache once they are committed.

// pagesSession is how the servers read and write the table (service_role only
// is granted it).
var pagesSession = pgrole.Session{Role: "service_role", Method: "GET", Path: "/"}

// storeChange is a page_store notification: the pages of the table that changed
// (All: any), Ready once a burst has stored every page it rendered.
type storeChange struct {
	All      bool     `json:"all,omitempty"`
	Paths    []string `json:"paths,omitempty"`
	Prefixes []string `json:"prefixes,omitempty"`
	Ready    bool     `json:"ready,omitempty"`
}

func (c storeChange) covers(path string) bool {
	if c.All {
		return true
	}
	for _, p := range c.Paths {
		if p == path {
			return true
		}
	}
	for _, p := range c.Prefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// payload is c as a notification (PostgreSQL takes under 8,000 bytes: a longer
// list becomes "every page").
func (c storeChange) payload() string {
	b, _ := json.Marshal(c)
	if len(b) > 7000 {
		b, _ = json.Marshal(storeChange{All: true, Ready: c.Ready})
	}
	return string(b)
}

// pageRow is one page to write.
type pageRow struct {
	path, lang string
	sum        []byte // nil: the shell with its meta, not rendered yet
	page       *storedPage
	stale      bool
}

// readPage reads the page of path in lang and, with withNotFound, the not-found
// page in lang (nil when not stored), in one query.
func (r *pageRenderer) readPage(ctx context.Context, path, lang string, withNotFound bool) (page, notFound *storedPage, err error) {
	err = pgrole.Query(ctx, r.pool, readSession, false,
		`select path, etag, body, stale from site_pages.pages where lang = $2 and (path = $1 or ($3 and path = ''))`,
		[]any{path, lang, withNotFound},
		func(rows pgx.Rows) error {
			for rows.Next() {
				var p string
				var stale bool
				sp := &storedPage{}
				if err := rows.Scan(&p, &sp.etag, &sp.gz, &stale); err != nil {
					return err
				}
				if stale {
					sp = staleForm(sp)
				}
				if p == notFoundPath {
					notFound = sp
				} else {
					page = sp
				}
			}
			return rows.Err()
		})
	return page, notFound, err
}

var readSession = pgrole.Session{Role: "service_role", Method: "GET", Path: "/", ReadOnly: true}

// readSums reads what each rendered page was rendered from.
func (r *pageRenderer) readSums(ctx context.Context) (map[pageKey][32]byte, error) {
	sums := map[pageKey][32]byte{}
	err := pgrole.Query(ctx, r.pool, readSession, false,
		`select path, lang, source_sum from site_pages.pages where source_sum is not null`, nil,
		func(rows pgx.Rows) error {
			for rows.Next() {
				var k pageKey
				var sum []byte
				if err := rows.Scan(&k.path, &k.lang, &sum); err != nil {
					return err
				}
				if len(sum) == 32 {
					sums[k] = [32]byte(sum)
				}
			}
			return rows.Err()
		})
	return sums, err
}

// complete says whether the table holds every page rendered (none is the shell
// waiting for its render).
func (r *pageRenderer) complete(ctx context.Context) (bool, error) {
	var ok bool
	err := pgrole.Query(ctx, r.pool, readSession, false,
		`select exists (select from site_pages.pages where path = '') and not exists (select from site_pages.pages where source_sum is null)`, nil,
		func(rows pgx.Rows) error {
			if rows.Next() {
				return rows.Scan(&ok)
			}
			return rows.Err()
		})
	return ok, err
}

// exec runs one statement of the renderer as service_role.
func (r *pageRenderer) exec(ctx context.Context, sql string, args ...any) error {
	return pgrole.Query(ctx, r.pool, pagesSession, false, sql, args, func(rows pgx.Rows) error {
		for rows.Next() {
		}
		return rows.Err()
	})
}

// writePages stores rows (replacing their pages; onlyNew: only those not stored
// yet) and notifies their paths.
func (r *pageRenderer) writePages(ctx context.Context, rows []pageRow, onlyNew bool) error {
	if len(rows) == 0 {
		return nil
	}
	n := len(rows)
	paths, langs, sums, etags, bodies, stale := make([]string, n), make([]string, n), make([][]byte, n), make([]string, n), make([][]byte, n), make([]bool, n)
	seen := map[string]bool{}
	var change storeChange
	for i, row := range rows {
		paths[i], langs[i], sums[i], etags[i], bodies[i], stale[i] = row.path, row.lang, row.sum, row.page.etag, row.page.gz, row.stale
		if !seen[row.path] {
			seen[row.path] = true
			change.Paths = append(change.Paths, row.path)
		}
	}
	conflict := `do update set source_sum = excluded.source_sum, etag = excluded.etag, body = excluded.body, stale = excluded.stale, rendered_at = excluded.rendered_at`
	if onlyNew {
		conflict = `do nothing`
	}
	return r.exec(ctx, `
		with w as (
		  insert into site_pages.pages (path, lang, source_sum, etag, body, stale, rendered_at)
		  select k.*, now() from unnest($1::text[], $2::text[], $3::bytea[], $4::text[], $5::bytea[], $6::bool[]) k
		  on conflict (path, lang) `+conflict+`
		  returning 1)
		select pg_notify('page_store', $7) from (select count(*) from w) n where n.count > 0`,
		paths, langs, sums, etags, bodies, stale, change.payload())
}

// notifySQL notifies page_store of the paths of the rows d returns.
const notifySQL = `select pg_notify('page_store', case when length(j) > 7000 then '{"all":true}' else j end)
		from (select json_build_object('paths', array_agg(distinct path))::text j from d having count(*) > 0) n`

// setStale marks the rendered pages of keys stale (or not).
func (r *pageRenderer) setStale(ctx context.Context, keys []pageKey, stale bool) error {
	if len(keys) == 0 {
		return nil
	}
	paths, langs := make([]string, len(keys)), make([]string, len(keys))
	for i, k := range keys {
		paths[i], langs[i] = k.path, k.lang
	}
	return r.exec(ctx, `
		with d as (
		  update site_pages.pages p set stale = $3 from unnest($1::text[], $2::text[]) k(path, lang)
		  where p.path = k.path and p.lang = k.lang and p.stale <> $3 and p.source_sum is not null
		  returning p.path) `+notifySQL, paths, langs, stale)
}

// markStale marks stale the rendered pages a content change covers.
func (r *pageRenderer) markStale(ctx context.Context, c pageChanges) error {
	paths, prefixes := []string{}, []string{}
	for p := range c.paths {
		paths = append(paths, p)
	}
	for p := range c.prefixes {
		prefixes = append(prefixes, p)
	}
	return r.exec(ctx, `
		with d as (
		  update site_pages.pages set stale = true
		  where not stale and path <> '' and source_sum is not null
		    and ($1 or path = any($2) or exists (select from unnest($3::text[]) x where starts_with(path, x)))
		  returning path) `+notifySQL, c.all, paths, prefixes)
}

// deleteGone forgets the pages not among public (a car or post removed: its
// address is now a 404).
func (r *pageRenderer) deleteGone(ctx context.Context, public []string) error {
	return r.exec(ctx, `
		with d as (delete from site_pages.pages where path <> '' and not (path = any($1)) returning path) `+notifySQL, public)
}

// notifyReady tells every server the burst stored what it rendered.
func (r *pageRenderer) notifyReady(ctx context.Context) error {
	return r.exec(ctx, `select pg_notify('page_store', $1)`, storeChange{Ready: true}.payload())
}
