package storage_test

import (
	"testing"
)

func TestBuckets(t *testing.T) {
	e := newEnv(t, fsKind().make(t), nil)
	svc := e.svcKey

	r := e.doJSON("POST", "/bucket", svc, map[string]any{"id": "avatars", "name": "avatars", "public": false, "file_size_limit": "5MB", "allowed_mime_types": []string{"image/*"}})
	if r.status != 200 || string(r.body) != `{"name":"avatars"}` {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	e.doJSON("POST", "/bucket", svc, map[string]any{"id": "avatars", "name": "avatars"}).wantError(t, "409", "BucketAlreadyExists")
	e.doJSON("POST", "/bucket", svc, map[string]any{"id": "bad/name"}).wantError(t, "400", "InvalidBucketName")
	e.doJSON("POST", "/bucket", svc, map[string]any{"id": "x", "file_size_limit": "lots"}).wantError(t, "400", "InvalidRequest")

	var b map[string]any
	r = e.do("GET", "/bucket/avatars", svc, nil, nil)
	r.json(t, &b)
	if b["id"] != "avatars" || b["public"] != false || b["file_size_limit"] != float64(5_000_000) /* decimal, as storage-api */ {
		t.Fatalf("get: %s", r.body)
	}
	if types, _ := b["allowed_mime_types"].([]any); len(types) != 1 || types[0] != "image/*" {
		t.Fatalf("allowed_mime_types: %s", r.body)
	}
	e.do("GET", "/bucket/nope", svc, nil, nil).wantError(t, "404", "NoSuchBucket")

	r = e.doJSON("PUT", "/bucket/avatars", svc, map[string]any{"id": "avatars", "public": true, "file_size_limit": 1000})
	if r.status != 200 {
		t.Fatalf("update: %d %s", r.status, r.body)
	}
	r = e.do("GET", "/bucket/avatars", svc, nil, nil)
	r.json(t, &b)
	if b["public"] != true || b["file_size_limit"] != float64(1000) {
		t.Fatalf("after update: %s", r.body)
	}

	var list []map[string]any
	e.do("GET", "/bucket?search=ava", svc, nil, nil).json(t, &list)
	if len(list) != 1 || list[0]["name"] != "avatars" {
		t.Fatalf("list search: %v", list)
	}

	// Without a policy on storage.buckets, a user cannot create buckets (RLS).
	_, user := e.user("user")
	e.doJSON("POST", "/bucket", user, map[string]any{"id": "mine"}).wantError(t, "403", "AccessDenied")

	// Not empty: refused; emptied (service role only), then deleted.
	if r := e.upload("POST", "avatars", "a.png", svc, "image/png", pngBytes(t, 4, 4), false); r.status != 200 {
		t.Fatalf("upload: %d %s", r.status, r.body)
	}
	e.do("DELETE", "/bucket/avatars", svc, nil, nil).wantError(t, "409", "ResourceNotEmpty")
	e.doJSON("POST", "/bucket/avatars/empty", user, map[string]any{}).wantError(t, "403", "AccessDenied")
	if r := e.doJSON("POST", "/bucket/avatars/empty", svc, map[string]any{}); r.status != 200 {
		t.Fatalf("empty: %d %s", r.status, r.body)
	}
	if len(e.keys("avatars")) != 0 || e.rows("avatars") != 0 {
		t.Fatal("empty left objects behind")
	}
	if r := e.do("DELETE", "/bucket/avatars", svc, nil, nil); r.status != 200 {
		t.Fatalf("delete: %d %s", r.status, r.body)
	}
	e.do("GET", "/bucket/avatars", svc, nil, nil).wantError(t, "404", "NoSuchBucket")
}
