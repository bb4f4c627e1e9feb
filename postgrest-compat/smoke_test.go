package postgrest

import "testing"

func TestSmoke(t *testing.T) {
	e := newEnv(t, 0)
	for _, path := range []string{
		"/pc_authors?select=id,name&order=id",
		"/pc_books?select=title,pc_authors(name)&order=id&limit=2",
		"/pc_authors?select=name,pc_books(title)&order=id&pc_books.order=id.desc&limit=2",
		"/pc_books?select=title,pc_tags(name)&id=eq.1",
		"/pc_employees?select=name,pc_employees(name)&id=eq.1",
		"/rpc/pc_add?a=1&b=2",
		"/rpc/pc_books_by?author=Italo&select=title",
		"/rpc/pc_author_stats",
		"/rpc/pc_numbers?n=3",
	} {
		r := e.do(t, "GET", path, "")
		t.Logf("%s -> %d %s", path, r.status, r.body)
	}
}
