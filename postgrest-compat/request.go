package postgrest

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"casarent/server/jwtauth"
)

// reqCtx is one request in progress.
type reqCtx struct {
	h            *Handler
	w            http.ResponseWriter
	r            *http.Request
	id           *jwtauth.Identity
	cache        *Cache
	schema       string
	profileGiven bool
}

func (rc *reqCtx) planner(req *Request) *planner {
	return &planner{cache: rc.cache, schema: rc.schema, req: req, b: &builder{}, maxRows: rc.h.opts.MaxRows, used: map[string]bool{}}
}

func (rc *reqCtx) readBody() ([]byte, error) {
	if rc.r.Body == nil {
		return nil, nil
	}
	return io.ReadAll(rc.r.Body)
}

// start reads what every read, write and call begins with, in PostgREST's order of
// errors: the query string (rest: an RPC's GET arguments), the Prefer header, then
// the Accept header.
func (rc *reqCtx) start(rpc bool) (*Request, []kv, accept, error) {
	req, rest, err := rc.parseQuery(rpc)
	if err != nil {
		return nil, nil, accept{}, err
	}
	if err := rc.prefs(req); err != nil {
		return nil, nil, accept{}, err
	}
	acc, err := rc.negotiate()
	if err != nil {
		return nil, nil, accept{}, err
	}
	return req, rest, acc, nil
}

// parseQuery checks the URL's query against the request budget: its lists,
// logic trees and ordering before parsing it (budget.go), the select after
// (Options.MaxEmbedDepth, MaxSelectItems).
func (rc *reqCtx) parseQuery(rpc bool) (*Request, []kv, error) {
	if err := rc.h.opts.checkQueryBudget(rc.r.URL.RawQuery); err != nil {
		return nil, nil, err
	}
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

func (rc *reqCtx) prefs(req *Request) error {
	req.Prefs = parsePrefs(rc.r.Header)
	if req.Prefs.Handling == "strict" && len(req.Prefs.Invalid) > 0 {
		return newErr(400, "PGRST122", "Invalid preferences given with handling=strict").
			withDetails("Invalid preferences: " + strings.Join(req.Prefs.Invalid, ", "))
	}
	return nil
}
