package postgrest

import (
	"net/http"
	"strings"
)

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
	return rc.run(b.st, b.req, b.acc, func(res *result) error {
		return rc.respondRead(b.req, b.acc, b.st, res, head)
	})
}

// write serves POST, PUT, PATCH and DELETE.
func (rc *reqCtx) write(t *Table) error {
	req, _, acc, err := rc.start(false)
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
	return rc.run(st, req, acc, func(res *result) error {
		return rc.respondWrite(req, t, op, acc, st, res, count)
	})
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
	req, _, acc, err := rc.start(false)
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
