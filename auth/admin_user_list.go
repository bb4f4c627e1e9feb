package auth

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// handleAdminUserList is GET /admin/users?page=&per_page=: {users, aud} with
// X-Total-Count and a Link header, newest first.
func (a *api) handleAdminUserList(w http.ResponseWriter, r *http.Request) error {
	page, perPage, err := pagination(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	var users []*user
	var total int64
	err = pgrole.Do(ctx, a.pool, readOnly(r), func(c pgrole.Conn) error {
		var err error
		if total, err = a.store.CountUsers(ctx, c); err != nil {
			return err
		}
		users, err = a.store.ListUsers(ctx, c, perPage, (page-1)*perPage)
		return err
	})
	if err != nil {
		return err
	}
	w.Header().Set("X-Total-Count", strconv.FormatInt(total, 10))
	last := int((total + int64(perPage) - 1) / int64(perPage))
	var links []string
	if page < last {
		links = append(links, fmt.Sprintf(`</admin/users?page=%d&per_page=%d>; rel="next"`, page+1, perPage))
	}
	if last > 0 {
		links = append(links, fmt.Sprintf(`</admin/users?page=%d&per_page=%d>; rel="last"`, last, perPage))
	}
	if len(links) > 0 {
		w.Header().Set("Link", strings.Join(links, ", "))
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"users": users, "aud": "authenticated"})
}

// pagination reads page and per_page as GoTrue does: unsigned decimal numbers
// (a bad one is 400 validation_failed "Bad Pagination Parameters: <why>"),
// page 0 is the first page, per_page 0 is refused. per_page is capped at 1000
// (GoTrue has no cap) so one request cannot ask for the whole table.
func pagination(r *http.Request) (page, perPage int, err error) {
	page, perPage = 1, 50
	bad := func(why string) error { return validationFailed("Bad Pagination Parameters: " + why) }
	q := r.URL.Query()
	if v := q.Get("page"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return 0, 0, bad(err.Error())
		}
		page = int(max(min(n, 1<<31), 1)) // past the end anyway; keeps the offset in range
	}
	if v := q.Get("per_page"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return 0, 0, bad(err.Error())
		}
		if n == 0 {
			return 0, 0, bad("per_page must be greater than 0")
		}
		perPage = int(min(n, 1000))
	}
	return page, perPage, nil
}
