package postgrest

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// result is the one row every statement returns.
type result struct {
	total    *int64
	page     int64
	body     *string
	inserted *int64
	location *string
}

// session is the caller's transaction settings for this request.
func (rc *reqCtx) session(readOnly bool) pgrole.Session {
	return pgrole.Session{
		Role: rc.id.Role, ClaimsJSON: rc.id.ClaimsJSON, Method: rc.r.Method, Path: rc.r.URL.Path,
		HeadersJSON: headersJSON(rc.r.Header), ClientIP: httpx.ClientIP(rc.r, rc.h.opts.ClientIPHeader), ReadOnly: readOnly,
		SearchPath: rc.searchPath(),
	}
}

// run answers a planned statement: its plan when EXPLAIN was asked for (Accept), else
// its result through respond, rolled back when Prefer: tx=rollback.
func (rc *reqCtx) run(st *statement, req *Request, acc accept, respond func(*result) error) error {
	if acc.plan != nil {
		return rc.explain(st, acc)
	}
	res, err := rc.exec(st, req.Prefs.Tx == "rollback")
	if err != nil {
		return err
	}
	return respond(res)
}

func (rc *reqCtx) exec(st *statement, rollback bool) (*result, error) {
	sess := rc.session(st.readOnly)
	var res result
	scan := func(rows pgx.Rows) error {
		if !rows.Next() {
			if err := rows.Err(); err != nil {
				return err
			}
			return errors.New("postgrest: statement returned no row")
		}
		return rows.Scan(&res.total, &res.page, &res.body, &res.inserted, &res.location)
	}
	ctx := rc.r.Context()
	run := func(pool *pgxpool.Pool) error {
		res = result{} // a read failed on a replica runs again on the primary
		// The batch's statements are parsed before its settings apply, so a statement
		// that needs another search_path to resolve its names waits for them.
		if sess.SearchPath == "" && st.plan == nil {
			// The common case: BEGIN, settings, the statement and COMMIT in one round trip.
			return pgrole.Query(ctx, pool, sess, rollback, st.sql, st.args, scan)
		}
		fn := func(c pgrole.Conn) error {
			rows, err := c.Query(ctx, st.sql, st.args...)
			if err != nil {
				return err
			}
			if err := pgrole.ScanRows(rows, scan); err != nil {
				return err
			}
			if st.plan != nil {
				return st.plan.apply(ctx, c, &res)
			}
			return nil
		}
		if rollback {
			return pgrole.DoRollback(ctx, pool, sess, fn)
		}
		return pgrole.Do(ctx, pool, sess, fn)
	}
	err := rc.onPool(st, run)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "0A000" && strings.Contains(pe.Message, "cached plan") {
		// A prepared statement outlived a DDL change; the transaction was rolled back, run it again.
		err = rc.onPool(st, run)
	}
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// ReadPrimaryHeader asks that a read run on the primary, not on a read replica
// (any value but "", "0" or "false").
const ReadPrimaryHeader = "X-Read-Primary"

// onPool runs a statement: a read (GET or HEAD, in a read-only transaction,
// GET RPC included, as PostgREST runs it) through Reads, which may choose a
// read replica; anything else on the primary.
func (rc *reqCtx) onPool(st *statement, run func(*pgxpool.Pool) error) error {
	reads := rc.h.opts.Reads
	m := rc.r.Method
	if reads == nil || !st.readOnly || (m != http.MethodGet && m != http.MethodHead) {
		return run(rc.h.opts.Pool)
	}
	v := rc.r.Header.Get(ReadPrimaryHeader)
	primary := v != "" && v != "0" && !strings.EqualFold(v, "false")
	return reads.Read(rc.r.Context(), httpx.ClientIP(rc.r, rc.h.opts.ClientIPHeader), primary, run)
}

// explain answers a plan media type: EXPLAIN of the statement the request
// would run, in a transaction that is always rolled back, so a mutation (or a
// volatile function) never takes effect, even with options=analyze, which
// executes it. TEXT comes as one row per line, JSON as one row.
func (rc *reqCtx) explain(st *statement, acc accept) error {
	ctx := rc.r.Context()
	var out strings.Builder
	err := pgrole.DoRollback(ctx, rc.h.opts.Pool, rc.session(st.readOnly || !acc.plan.analyze()), func(c pgrole.Conn) error {
		rows, err := c.Query(ctx, acc.plan.explainSQL()+st.sql, st.args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				return err
			}
			out.WriteString(line)
			out.WriteString("\n")
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	h := rc.w.Header()
	h.Set("Content-Type", acc.contentType())
	if rc.profileGiven {
		h.Set("Content-Profile", rc.schema)
	}
	h.Set("Content-Length", strconv.Itoa(out.Len()))
	rc.w.WriteHeader(http.StatusOK)
	if rc.r.Method != http.MethodHead {
		_, _ = rc.w.Write([]byte(out.String()))
	}
	return nil
}

// searchPath is the transaction's search_path, as PostgREST sets it: the
// request's schema, then the extra search path (PGRST_DB_EXTRA_SEARCH_PATH,
// config.toml's api.extra_search_path; "public" by default). "" leaves the
// roles' default ("$user", public), which resolves the same names when that
// is public alone.
func (rc *reqCtx) searchPath() string {
	extra := rc.h.opts.ExtraSearchPath
	if len(extra) == 0 {
		extra = []string{"public"}
	}
	if rc.schema == "public" && len(extra) == 1 && extra[0] == "public" {
		return ""
	}
	path := []string{ident(rc.schema)}
	for _, s := range extra {
		if s != rc.schema {
			path = append(path, ident(s))
		}
	}
	return strings.Join(path, ", ")
}

// headersJSON is request.headers: lower-case names, cookies left out.
func headersJSON(h http.Header) []byte {
	m := make(map[string]string, len(h))
	for k, v := range h {
		lk := strings.ToLower(k)
		if lk == "cookie" {
			continue
		}
		m[lk] = strings.Join(v, ", ")
	}
	b, _ := json.Marshal(m)
	return b
}
