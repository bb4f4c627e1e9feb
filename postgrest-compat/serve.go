package postgrest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

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
	}
}

// setSearchPath sets the transaction's search_path when the request needs one.
func setSearchPath(ctx context.Context, c pgrole.Conn, path string) error {
	if path == "" {
		return nil
	}
	_, err := c.Exec(ctx, "select set_config('search_path', $1, true)", path)
	return err
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
	path := rc.searchPath()
	run := func() error {
		if path == "" && st.plan == nil {
			// The common case: BEGIN, settings, the statement and COMMIT in one round trip.
			return pgrole.Query(ctx, rc.h.opts.Pool, sess, rollback, st.sql, st.args, scan)
		}
		fn := func(c pgrole.Conn) error {
			if err := setSearchPath(ctx, c, path); err != nil {
				return err
			}
			rows, err := c.Query(ctx, st.sql, st.args...)
			if err != nil {
				return err
			}
			if err := scan(rows); err != nil {
				rows.Close()
				return err
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			if st.plan != nil {
				return st.plan.apply(ctx, c, &res)
			}
			return nil
		}
		if rollback {
			return pgrole.DoRollback(ctx, rc.h.opts.Pool, sess, fn)
		}
		return pgrole.Do(ctx, rc.h.opts.Pool, sess, fn)
	}
	err := run()
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "0A000" && strings.Contains(pe.Message, "cached plan") {
		// A prepared statement outlived a DDL change; the transaction was rolled back, run it again.
		res = result{}
		err = run()
	}
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// parseQuery parses the URL's query and checks the select against the request
// budget (Options.MaxEmbedDepth, MaxSelectItems).
func (rc *reqCtx) parseQuery(rpc bool) (*Request, []kv, error) {
	req, rest, err := parseQuery(rc.r.URL.RawQuery, rpc)
	if err != nil {
		return nil, nil, err
	}
	depth, items := selectSize(req.Select, 0)
	if depth > rc.h.opts.MaxEmbedDepth {
		return nil, nil, newErr(400, "PGRSTX01", "Embedding is nested too deeply").
			withDetails(fmt.Sprintf("select embeds %d levels deep; at most %d are allowed", depth, rc.h.opts.MaxEmbedDepth)).
			withHint("Read the deeper levels with a second request")
	}
	if items > rc.h.opts.MaxSelectItems {
		return nil, nil, newErr(400, "PGRSTX02", "Too many fields in select").
			withDetails(fmt.Sprintf("select names %d fields; at most %d are allowed", items, rc.h.opts.MaxSelectItems)).
			withHint("Select fewer fields, or * for all columns")
	}
	return req, rest, nil
}

// selectSize is the embedding depth of items and the number of fields they name.
func selectSize(items []SelectItem, depth int) (maxDepth, count int) {
	maxDepth = depth
	for _, it := range items {
		count++
		if it.Embed != nil {
			d, n := selectSize(it.Embed.Items, depth+1)
			maxDepth, count = max(maxDepth, d), count+n
		}
	}
	return maxDepth, count
}

// explain answers a plan media type: EXPLAIN of the statement the request
// would run, in a transaction that is always rolled back, so a mutation (or a
// volatile function) never takes effect, even with options=analyze, which
// executes it. TEXT comes as one row per line, JSON as one row.
func (rc *reqCtx) explain(st *statement, acc accept) error {
	ctx := rc.r.Context()
	path := rc.searchPath()
	var out strings.Builder
	err := pgrole.DoRollback(ctx, rc.h.opts.Pool, rc.session(st.readOnly || !acc.plan.analyze()), func(c pgrole.Conn) error {
		if err := setSearchPath(ctx, c, path); err != nil {
			return err
		}
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

// searchPath is the transaction's search_path for a request to a schema other
// than public: that schema, then public (PostgREST sets the request's schema
// followed by db-extra-search-path, "public" by default). "" leaves the
// roles' default ("$user", public), which resolves the same names for public.
func (rc *reqCtx) searchPath() string {
	if rc.schema == "public" {
		return ""
	}
	return ident(rc.schema) + ", public"
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

func (rc *reqCtx) prefs(req *Request) error {
	req.Prefs = parsePrefs(rc.r.Header)
	if req.Prefs.Handling == "strict" && len(req.Prefs.Invalid) > 0 {
		return newErr(400, "PGRST122", "Invalid preferences given with handling=strict").
			withDetails("Invalid preferences: " + strings.Join(req.Prefs.Invalid, ", "))
	}
	return nil
}

// relation serves /<table>.
func (rc *reqCtx) relation(name string) error {
	t := rc.cache.table(rc.schema, name)
	if t == nil {
		return errTableNotFound(rc.schema, name, rc.cache.suggestTable(rc.schema, name))
	}
	switch rc.r.Method {
	case http.MethodOptions:
		rc.w.Header().Set("Allow", relationAllow(t))
		rc.w.WriteHeader(http.StatusOK)
		return nil
	case http.MethodGet, http.MethodHead:
		return rc.read(t, rc.r.Method == http.MethodHead)
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return rc.write(t)
	}
	return newErr(405, "PGRST117", "Unsupported HTTP method: "+rc.r.Method)
}

// relationAllow is the Allow header of OPTIONS: the methods the relation takes.
func relationAllow(t *Table) string {
	allow := "OPTIONS,GET,HEAD"
	if t.Insertable {
		allow += ",POST"
	}
	if t.Insertable && t.Updatable && len(t.PK) > 0 {
		allow += ",PUT"
	}
	if t.Updatable {
		allow += ",PATCH"
	}
	if t.Deletable {
		allow += ",DELETE"
	}
	return allow
}

// read serves GET/HEAD, with the statement planned once per distinct request
// (see readKey).
func (rc *reqCtx) read(t *Table, head bool) error {
	key := rc.readKey()
	b := rc.cache.cachedRead(key)
	if b == nil {
		var err error
		if b, err = rc.buildRead(t, head); err != nil {
			return err
		}
		rc.cache.storeRead(key, b)
	}
	if b.acc.plan != nil {
		return rc.explain(b.st, b.acc)
	}
	res, err := rc.exec(b.st, b.req.Prefs.Tx == "rollback")
	if err != nil {
		return err
	}
	return rc.respondRead(b.req, b.acc, b.st, res, head)
}

// write serves POST, PUT, PATCH and DELETE.
func (rc *reqCtx) write(t *Table) error {
	req, _, err := rc.parseQuery(false)
	if err != nil {
		return err
	}
	if err := rc.prefs(req); err != nil {
		return err
	}
	acc, err := rc.negotiate()
	if err != nil {
		return err
	}
	count := req.Prefs.Count != ""
	p := rc.planner(req)
	body, err := rc.readBody()
	if err != nil {
		return err
	}
	op, pl, err := writePayload(rc.r.Method, t, req, body)
	if err != nil {
		return err
	}
	st, err := p.mutationStatement(t, op, pl, acc, count)
	if err != nil {
		return err
	}
	if acc.plan != nil {
		return rc.explain(st, acc)
	}
	res, err := rc.exec(st, req.Prefs.Tx == "rollback")
	if err != nil {
		return err
	}
	return rc.respondWrite(req, t, op, acc, st, res, count)
}

// writePayload names the write's operation and decodes its body (none for DELETE).
func writePayload(method string, t *Table, req *Request, body []byte) (int, *payload, error) {
	switch method {
	case http.MethodPost:
		for _, c := range req.Columns {
			if t.ColMap[c] == nil {
				return 0, nil, errColumnNotFound(c, t.Name)
			}
		}
		pl, err := decodePayload(body, req.Columns, req.HasColumns)
		return opInsert, pl, err
	case http.MethodPut:
		pl, err := decodePayload(body, req.Columns, req.HasColumns)
		return opPut, pl, err
	case http.MethodPatch:
		pl, err := decodePayload(body, nil, false)
		if err == nil && pl.isArray {
			return 0, nil, errInvalidBody("Empty or invalid json")
		}
		return opUpdate, pl, err
	}
	return opDelete, nil, nil
}

// readKey is everything that shapes a read's statement and response.
func (rc *reqCtx) readKey() string {
	h := rc.r.Header
	return strings.Join([]string{rc.r.Method, rc.schema, rc.r.URL.Path, rc.r.URL.RawQuery, h.Get("Accept"),
		strings.Join(h.Values("Prefer"), ","), h.Get("Range")}, "\x00")
}

// buildRead parses and plans a GET/HEAD on a relation.
func (rc *reqCtx) buildRead(t *Table, head bool) (*builtRead, error) {
	req, _, err := rc.parseQuery(false)
	if err != nil {
		return nil, err
	}
	if err := rc.prefs(req); err != nil {
		return nil, err
	}
	acc, err := rc.negotiate()
	if err != nil {
		return nil, err
	}
	if err := applyRange(req, rc.r.Header.Get("Range")); err != nil {
		return nil, err
	}
	st, err := rc.planner(req).readStatement(t, acc, head, req.Prefs.Count != "")
	if err != nil {
		return nil, err
	}
	return &builtRead{st: st, req: req, acc: acc}, nil
}

// applyRange folds the Range header into the root limit/offset (GET only).
func applyRange(req *Request, h string) error {
	off, lim, ok, err := parseRangeHeader(h)
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	n := req.node("")
	if n.Offset != nil || n.Limit != nil {
		// Intersect [off, off+lim) with the limit/offset parameters.
		lo := int64(0)
		if n.Offset != nil {
			lo = *n.Offset
		}
		lo2 := max(lo, off)
		var hi *int64
		if n.Limit != nil {
			v := lo + *n.Limit
			hi = &v
		}
		if lim != nil {
			v := off + *lim
			if hi == nil || v < *hi {
				hi = &v
			}
		}
		n.Offset = &lo2
		if hi != nil {
			l := max(*hi-lo2, 0)
			n.Limit = &l
		}
		return nil
	}
	n.Offset = &off
	n.Limit = lim
	return nil
}

func (rc *reqCtx) commonHeaders(acc accept) {
	h := rc.w.Header()
	h.Set("Content-Type", acc.contentType())
	if rc.profileGiven {
		h.Set("Content-Profile", rc.schema)
	}
}

func contentRange(lower, n int64, total *int64) string {
	rng := "*"
	if n > 0 {
		rng = strconv.FormatInt(lower, 10) + "-" + strconv.FormatInt(lower+n-1, 10)
	}
	t := "*"
	if total != nil {
		t = strconv.FormatInt(*total, 10)
	}
	return rng + "/" + t
}

func (rc *reqCtx) respondRead(req *Request, acc accept, st *statement, res *result, head bool) error {
	if acc.media == mediaObject && res.page != 1 {
		return errSingular(res.page)
	}
	status := http.StatusOK
	if res.total != nil {
		lower, total := st.offset, *res.total
		switch {
		case lower > total && !(lower == 0):
			return errRange(fmt.Sprintf("An offset of %d was requested, but there are only %d rows.", lower, total))
		case res.page < total:
			status = http.StatusPartialContent
		}
	}
	rc.commonHeaders(acc)
	h := rc.w.Header()
	h.Set("Content-Range", contentRange(st.offset, res.page, res.total))
	rc.preferenceApplied(req, false, false)
	body := ""
	if res.body != nil {
		body = *res.body
	}
	if !head {
		h.Set("Content-Length", strconv.Itoa(len(body)))
	}
	rc.w.WriteHeader(status)
	if !head {
		_, _ = rc.w.Write([]byte(body))
	}
	return nil
}

func (rc *reqCtx) respondWrite(req *Request, t *Table, op int, acc accept, st *statement, res *result, count bool) error {
	prefs := req.Prefs
	h := rc.w.Header()
	var total *int64
	if count {
		total = &res.page
	}
	switch op {
	case opPut:
		// PostgREST answers a PUT without Content-Range: 201 when the row was
		// created, 200 when it was replaced (with a representation), else 204.
		rc.preferenceApplied(req, true, false)
		if rc.profileGiven {
			h.Set("Content-Profile", rc.schema)
		}
		if prefs.Return != "representation" || res.body == nil {
			rc.w.WriteHeader(http.StatusNoContent)
			return nil
		}
		status := http.StatusOK
		if res.inserted != nil && *res.inserted > 0 {
			status = http.StatusCreated
		}
		h.Set("Content-Type", acc.contentType())
		h.Set("Content-Length", strconv.Itoa(len(*res.body)))
		rc.w.WriteHeader(status)
		_, _ = rc.w.Write([]byte(*res.body))
		return nil
	case opInsert:
		h.Set("Content-Range", contentRange(0, 0, total))
	case opUpdate:
		h.Set("Content-Range", contentRange(0, res.page, total))
	case opDelete:
		h.Set("Content-Range", contentRange(0, 0, total))
	}
	if res.location != nil && len(st.pkCols) > 0 {
		var vals []string
		if json.Unmarshal([]byte(*res.location), &vals) == nil && len(vals) == len(st.pkCols) {
			q := make([]string, len(vals))
			for i, v := range vals {
				q[i] = url.QueryEscape(st.pkCols[i]) + "=eq." + url.QueryEscape(v)
			}
			h.Set("Location", "/"+t.Name+"?"+strings.Join(q, "&"))
		}
	}
	upsert := op == opInsert && prefs.Resolution != "" && (len(req.OnConflict) > 0 || len(t.PK) > 0)
	rc.preferenceApplied(req, true, upsert)
	if rc.profileGiven {
		h.Set("Content-Profile", rc.schema)
	}
	status := http.StatusNoContent
	if op == opInsert {
		status = http.StatusCreated
		if upsert && prefs.Resolution == "merge-duplicates" && res.inserted != nil && *res.inserted == 0 && res.page > 0 {
			status = http.StatusOK
		}
	} else if prefs.Return == "representation" {
		status = http.StatusOK
	}
	if prefs.Return != "representation" || res.body == nil {
		rc.w.WriteHeader(status)
		return nil
	}
	h.Set("Content-Type", acc.contentType())
	h.Set("Content-Length", strconv.Itoa(len(*res.body)))
	rc.w.WriteHeader(status)
	_, _ = rc.w.Write([]byte(*res.body))
	return nil
}

// preferenceApplied lists the honoured preferences, in PostgREST's order.
func (rc *reqCtx) preferenceApplied(req *Request, mutation, upsert bool) {
	p := req.Prefs
	var out []string
	if upsert && p.Resolution != "" {
		out = append(out, "resolution="+p.Resolution)
	}
	if mutation && p.Missing != "" {
		out = append(out, "missing="+p.Missing)
	}
	if mutation && p.Return != "" {
		out = append(out, "return="+p.Return)
	}
	if p.Count != "" {
		out = append(out, "count="+p.Count)
	}
	if p.Tx != "" {
		out = append(out, "tx="+p.Tx)
	}
	if p.Handling != "" {
		out = append(out, "handling="+p.Handling)
	}
	if p.Handling == "strict" && p.MaxAffected != nil && rc.r.Method != http.MethodPost || (p.MaxAffected != nil && p.Handling == "strict" && strings.HasPrefix(rc.r.URL.Path, "/rpc/")) {
		out = append(out, "max-affected="+strconv.FormatInt(*p.MaxAffected, 10))
	}
	if len(out) > 0 {
		rc.w.Header().Set("Preference-Applied", strings.Join(out, ", "))
	}
}

// rpcBodyKind reads a POST's Content-Type the way PostgREST picks the payload of
// a function call: text/plain, text/xml and application/octet-stream are raw
// values; anything else is read as JSON.
func rpcBodyKind(contentType string) rpcBody {
	mt, _, _ := strings.Cut(contentType, ";")
	switch strings.ToLower(strings.TrimSpace(mt)) {
	case "text/plain":
		return bodyText
	case "text/xml":
		return bodyXML
	case "application/octet-stream":
		return bodyBytes
	}
	return bodyJSON
}

// rpc serves /rpc/<fn>.
func (rc *reqCtx) rpc(name string) error {
	method := rc.r.Method
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost:
	case http.MethodOptions:
		rc.w.Header().Set("Allow", "OPTIONS,GET,HEAD,POST")
		rc.w.WriteHeader(http.StatusOK)
		return nil
	default:
		return newErr(405, "PGRST101", "Cannot use the "+method+" method on RPC")
	}
	req, rest, err := rc.parseQuery(true)
	if err != nil {
		return err
	}
	if err := rc.prefs(req); err != nil {
		return err
	}
	acc, err := rc.negotiate()
	if err != nil {
		return err
	}
	p := rc.planner(req)
	post := method == http.MethodPost
	var call rpcCallArgs
	if post {
		call, err = rc.rpcBodyArgs()
	} else {
		call = rc.rpcQueryArgs(QI{rc.schema, name}, req, rest)
	}
	if err != nil {
		return err
	}
	f, jsonArg, err := p.findFunction(name, call.keys, post, call.kind)
	if err != nil {
		return err
	}
	if err := checkRPCCall(f, req, method, call.args); err != nil {
		return err
	}
	head := method == http.MethodHead
	// A function call counts only for exact and estimated (PostgREST's
	// shouldCount): planned has no count query to explain there, so its total is *.
	count := req.Prefs.Count == "exact" || req.Prefs.Count == "estimated"
	st, err := p.rpcStatement(f, call.args, call.body, jsonArg, method, acc, head, count)
	if err != nil {
		return err
	}
	if acc.plan != nil {
		return rc.explain(st, acc)
	}
	res, err := rc.exec(st, req.Prefs.Tx == "rollback")
	if err != nil {
		return err
	}
	return rc.respondRPC(f, req, acc, st, res, head)
}

// rpcCallArgs is how a call names its arguments: keys (in order) to pick the
// function by, args by name (values only on GET), the body (POST) and its kind.
type rpcCallArgs struct {
	keys []string
	args map[string]string
	body []byte
	kind rpcBody
}

// rpcBodyArgs reads a POST's arguments: a JSON object's keys, a JSON value
// for a single json parameter, or a raw text, xml or bytea body.
func (rc *reqCtx) rpcBodyArgs() (rpcCallArgs, error) {
	call := rpcCallArgs{args: map[string]string{}}
	var err error
	if call.body, err = rc.readBody(); err != nil {
		return call, err
	}
	call.kind = rpcBodyKind(rc.r.Header.Get("Content-Type"))
	if call.kind != bodyJSON {
		// A raw text, xml or bytea body goes whole to a single unnamed parameter:
		// no argument names.
		return call, nil
	}
	trimmed := strings.TrimSpace(string(call.body))
	if trimmed == "" {
		call.body, trimmed = []byte("{}"), "{}"
	}
	var obj map[string]json.RawMessage
	switch {
	case strings.HasPrefix(trimmed, "{"):
		if err := json.Unmarshal(call.body, &obj); err != nil {
			return call, errInvalidBody("Empty or invalid json")
		}
		for k := range obj {
			call.keys = append(call.keys, k)
			call.args[k] = ""
		}
	case !json.Valid(call.body):
		return call, errInvalidBody("Empty or invalid json")
	default:
		call.keys = []string{""} // not an object: only a single json parameter can take it
	}
	return call, nil
}

// rpcQueryArgs reads a GET's arguments from the query parameters kept aside
// by parseQuery: a parameter of the function is an argument (and no longer a
// root filter); a repeated one becomes an array.
func (rc *reqCtx) rpcQueryArgs(qi QI, req *Request, rest []kv) rpcCallArgs {
	call := rpcCallArgs{args: map[string]string{}, kind: bodyJSON}
	paramNames := map[string]bool{}
	for _, f := range rc.cache.Funcs[qi] {
		for _, prm := range f.Params {
			paramNames[prm.Name] = true
		}
	}
	multi := map[string][]string{}
	root := req.node("")
	for _, kv := range rest {
		parsedAsFilter := false
		if _, err := parseFilterValue(Field{Name: kv.key}, kv.val); err == nil {
			parsedAsFilter = true
		}
		if !paramNames[kv.key] && parsedAsFilter {
			continue
		}
		if _, seen := multi[kv.key]; !seen {
			call.keys = append(call.keys, kv.key)
		}
		multi[kv.key] = append(multi[kv.key], kv.val)
		if parsedAsFilter {
			root.Filters = dropRootFilter(root.Filters, kv.key)
		}
	}
	for k, vs := range multi {
		call.args[k] = vs[0]
		if len(vs) > 1 {
			call.args[k] = pgArrayLiteral(vs)
		}
	}
	return call
}

// dropRootFilter removes the filters on column name: it was an argument, not a filter.
func dropRootFilter(filters []Filter, name string) []Filter {
	kept := filters[:0]
	for _, f := range filters {
		if !(f.Field.Name == name && len(f.Field.Path) == 0) {
			kept = append(kept, f)
		}
	}
	return kept
}

// checkRPCCall refuses a GET of a volatile function and max-affected on a
// function that returns one row; a lone value for a variadic parameter on GET
// becomes a one-element array.
func checkRPCCall(f *Function, req *Request, method string, args map[string]string) error {
	if method == http.MethodPost {
		return checkMaxAffected(f, req)
	}
	if f.Volatility == 'v' {
		return newErr(405, "PGRST101", "Cannot use the "+method+" method on RPC")
	}
	for _, prm := range f.Params {
		if v, ok := args[prm.Name]; ok && prm.Variadic && !strings.HasPrefix(v, "{") {
			args[prm.Name] = pgArrayLiteral([]string{v})
		}
	}
	return checkMaxAffected(f, req)
}

func checkMaxAffected(f *Function, req *Request) error {
	if req.Prefs.Handling == "strict" && req.Prefs.MaxAffected != nil && !f.RetSet {
		return newErr(400, "PGRST128", "Function must return SETOF or TABLE when max-affected preference is used with handling=strict")
	}
	return nil
}

// respondRPC answers a call: 204 for a void function, else like a read.
func (rc *reqCtx) respondRPC(f *Function, req *Request, acc accept, st *statement, res *result, head bool) error {
	if f.RetVoid {
		// 204, with the Content-Range and Preference-Applied of any call.
		rc.w.Header().Set("Content-Range", contentRange(st.offset, res.page, res.total))
		rc.preferenceApplied(req, false, false)
		rc.w.WriteHeader(http.StatusNoContent)
		return nil
	}
	if f.RetScalar && !f.RetSet && acc.media == mediaObject {
		acc.media = mediaJSON
	}
	return rc.respondRead(req, acc, st, res, head)
}
