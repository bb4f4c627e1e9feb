package postgrest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"casarent/server/jwtauth"
)

// openAPI serves the Swagger 2.0 description of the exposed schema (Response/
// OpenAPI.hs, paraphrased). As on Supabase since 2026, only the service role
// (legacy service key or sb_secret_ key) may read it; other callers get 403.
func (rc *reqCtx) openAPI() error {
	if rc.r.Method != http.MethodGet && rc.r.Method != http.MethodHead {
		return newErr(405, "PGRST117", "Unsupported HTTP method: "+rc.r.Method)
	}
	if rc.id.Role != jwtauth.RoleService {
		return newErr(403, "42501", "You cannot consume this service").
			withHint("The OpenAPI description is only served to the service_role (secret) key.")
	}
	acc, err := negotiate(rc.r.Header.Get("Accept"), true)
	if err != nil {
		return err
	}
	doc := buildOpenAPI(rc.cache, rc.schema, rc.r.Host)
	b, err := json.Marshal(doc)
	if err != nil {
		return err
	}
	h := rc.w.Header()
	h.Set("Content-Type", acc.contentType())
	h.Set("Content-Length", strconv.Itoa(len(b)))
	rc.w.WriteHeader(http.StatusOK)
	if rc.r.Method == http.MethodGet {
		_, _ = rc.w.Write(b)
	}
	return nil
}

type obj = map[string]any

func swaggerType(c *Column) obj {
	p := obj{"format": c.Type}
	switch {
	case c.Category == 'A' || strings.HasSuffix(c.Type, "[]"):
		p["type"] = "array"
		p["items"] = obj{"type": "string"}
	case c.BaseType == "int2" || c.BaseType == "int4":
		p["type"], p["format"] = "integer", "int32"
		if c.BaseType == "int2" {
			p["format"] = "smallint"
		}
	case c.BaseType == "int8":
		p["type"], p["format"] = "integer", "int64"
	case c.Category == 'N':
		p["type"] = "number"
	case c.BaseType == "bool":
		p["type"] = "boolean"
	case c.IsJSON():
	default:
		p["type"] = "string"
	}
	if c.Default != "" {
		p["default"] = c.Default
	}
	if c.MaxLen > 0 {
		p["maxLength"] = c.MaxLen
	}
	if len(c.Enum) > 0 {
		p["enum"] = c.Enum
	}
	desc := c.Comment
	if c.IsPK {
		desc = strings.TrimSpace(desc + "\n\nNote:\nThis is a Primary Key.<pk/>")
	}
	if c.IsFK && c.FKRef != "" {
		t, col, _ := strings.Cut(c.FKRef, ".")
		desc = strings.TrimSpace(desc + "\n\nNote:\nThis is a Foreign Key to `" + c.FKRef + "`.<fk table='" + t + "' column='" + col + "'/>")
	}
	if desc != "" {
		p["description"] = desc
	}
	return p
}

func buildOpenAPI(c *Cache, schema, host string) obj {
	defs := obj{}
	params := obj{
		"preferParams": obj{"name": "Prefer", "in": "header", "type": "string", "enum": []string{"params=single-object"}},
		"preferReturn": obj{"name": "Prefer", "in": "header", "type": "string", "enum": []string{"return=representation", "return=minimal", "return=none"}},
		"preferCount":  obj{"name": "Prefer", "in": "header", "type": "string", "enum": []string{"count=none"}},
		"preferPost":   obj{"name": "Prefer", "in": "header", "type": "string", "enum": []string{"return=representation", "return=minimal", "return=none", "resolution=ignore-duplicates", "resolution=merge-duplicates"}},
		"select":       obj{"name": "select", "in": "query", "type": "string", "description": "Filtering Columns"},
		"on_conflict":  obj{"name": "on_conflict", "in": "query", "type": "string", "description": "On Conflict"},
		"order":        obj{"name": "order", "in": "query", "type": "string", "description": "Ordering"},
		"range":        obj{"name": "Range", "in": "header", "type": "string", "description": "Limiting and Pagination"},
		"rangeUnit":    obj{"name": "Range-Unit", "in": "header", "type": "string", "default": "items", "description": "Limiting and Pagination"},
		"offset":       obj{"name": "offset", "in": "query", "type": "string", "description": "Limiting and Pagination"},
		"limit":        obj{"name": "limit", "in": "query", "type": "string", "description": "Limiting and Pagination"},
	}
	paths := obj{"/": obj{"get": obj{"tags": []string{"Introspection"}, "summary": "OpenAPI description (this document)",
		"produces": []string{"application/openapi+json", "application/json"}, "responses": obj{"200": obj{"description": "OK"}}}}}
	ref := func(n string) obj { return obj{"$ref": "#/parameters/" + n} }
	for _, t := range c.sortedTables(schema) {
		props := obj{}
		var required []string
		var filters []any
		for _, col := range t.Columns {
			props[col.Name] = swaggerType(col)
			if !col.Nullable && col.Default == "" && !col.Identity && !col.Generated {
				required = append(required, col.Name)
			}
			pn := "rowFilter." + t.Name + "." + col.Name
			params[pn] = obj{"name": col.Name, "in": "query", "type": "string", "required": false}
			filters = append(filters, ref(pn))
		}
		def := obj{"type": "object", "properties": props}
		if len(required) > 0 {
			def["required"] = required
		}
		if t.Comment != "" {
			def["description"] = t.Comment
		}
		defs[t.Name] = def
		params["body."+t.Name] = obj{"name": t.Name, "in": "body", "required": false, "schema": obj{"$ref": "#/definitions/" + t.Name}}
		ok := obj{"200": obj{"description": "OK", "schema": obj{"type": "array", "items": obj{"$ref": "#/definitions/" + t.Name}}},
			"206": obj{"description": "Partial Content"}}
		get := append(append([]any{}, filters...), ref("select"), ref("order"), ref("range"), ref("rangeUnit"), ref("offset"), ref("limit"), ref("preferCount"))
		ops := obj{"get": obj{"tags": []string{t.Name}, "parameters": get, "responses": ok}}
		if t.Insertable {
			ops["post"] = obj{"tags": []string{t.Name}, "parameters": []any{ref("body." + t.Name), ref("select"), ref("preferPost")},
				"responses": obj{"201": obj{"description": "Created"}}}
		}
		if t.Updatable {
			ops["patch"] = obj{"tags": []string{t.Name}, "parameters": append(append([]any{}, filters...), ref("body."+t.Name), ref("preferReturn")),
				"responses": obj{"204": obj{"description": "No Content"}}}
		}
		if t.Deletable {
			ops["delete"] = obj{"tags": []string{t.Name}, "parameters": append(append([]any{}, filters...), ref("preferReturn")),
				"responses": obj{"204": obj{"description": "No Content"}}}
		}
		paths["/"+t.Name] = ops
	}
	for _, f := range c.sortedFuncs(schema) {
		props := obj{}
		var required []string
		var getParams []any
		for _, prm := range f.Params {
			if prm.Name == "" {
				continue
			}
			props[prm.Name] = obj{"type": "string", "format": prm.Type}
			if prm.Required {
				required = append(required, prm.Name)
			}
			getParams = append(getParams, obj{"name": prm.Name, "in": "query", "type": "string", "format": prm.Type, "required": prm.Required})
		}
		schemaObj := obj{"type": "object", "properties": props}
		if len(required) > 0 {
			schemaObj["required"] = required
		}
		tags := []string{"(rpc) " + f.Name}
		ops := obj{"post": obj{"tags": tags, "summary": f.Comment, "produces": []string{"application/json", "application/vnd.pgrst.object+json"},
			"parameters": []any{obj{"name": "args", "in": "body", "required": true, "schema": schemaObj}, ref("preferParams")},
			"responses":  obj{"200": obj{"description": "OK"}}}}
		if f.Volatility != 'v' {
			ops["get"] = obj{"tags": tags, "summary": f.Comment, "parameters": getParams, "responses": obj{"200": obj{"description": "OK"}}}
		}
		paths["/rpc/"+f.Name] = ops
	}
	return obj{
		"swagger": "2.0",
		"info": obj{"title": "PostgREST API", "description": "This is a dynamic API generated by PostgREST",
			"version": "14.0 (casarent)"},
		"host": host, "basePath": "/rest/v1", "schemes": []string{"http", "https"},
		"consumes":     []string{"application/json", "application/vnd.pgrst.object+json;nulls=stripped", "application/vnd.pgrst.object+json", "text/csv"},
		"produces":     []string{"application/json", "application/vnd.pgrst.object+json;nulls=stripped", "application/vnd.pgrst.object+json", "text/csv"},
		"paths":        paths,
		"definitions":  defs,
		"parameters":   params,
		"externalDocs": obj{"description": "PostgREST Documentation", "url": "https://postgrest.org/en/v14/references/api.html"},
	}
}
