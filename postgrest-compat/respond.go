package postgrest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

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
