package postgrest

import (
	"encoding/json"
	"net/http"
	"strings"
)

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
	req, rest, acc, err := rc.start(true)
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
	return rc.run(st, req, acc, func(res *result) error {
		return rc.respondRPC(f, req, acc, st, res, head)
	})
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
