package storage_test

import (
	"net/http"
	"testing"
)

// Names PostgreSQL cannot even store (a NUL, bytes that are not UTF-8) are a
// client's mistake on every route: 400, never a 500 that logs the driver error.
func TestUnstorableNamesAreClientErrors(t *testing.T) {
	e := newEnv(t, fsKind().make(t), nil)
	e.sql(`insert into storage.buckets (id, name, public) values ('pub', 'pub', true)`)
	for _, path := range []string{
		"/object/public/pub/a%00b", "/object/public/pub/%ff%fe.png",
		"/object/authenticated/pub/a%00b", "/object/info/public/pub/a%00b",
		"/object/pub/a%00b", "/render/image/public/pub/a%00b.png",
		"/object/public/a%00b/x", "/bucket/a%00b",
	} {
		r := e.do(http.MethodGet, path, e.svcKey, nil, nil)
		if r.status != http.StatusBadRequest && r.status != http.StatusNotFound {
			t.Errorf("GET %s: %d %s", path, r.status, r.body)
		}
	}
	r := e.doJSON(http.MethodPost, "/object/list/pub", e.svcKey, map[string]any{"prefix": "a\x00b"})
	if r.status >= 500 {
		t.Errorf("list with a NUL prefix: %d %s", r.status, r.body)
	}
	r = e.doJSON(http.MethodPost, "/object/sign/pub", e.svcKey, map[string]any{"expiresIn": 60, "paths": []string{"a\x00b"}})
	if r.status >= 500 {
		t.Errorf("sign with a NUL path: %d %s", r.status, r.body)
	}
}
