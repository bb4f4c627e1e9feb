// Package fntest is the HTTP client of the functions' tests: it sends a request
// as a browser's fetch (or PayPal's caller) would and reads the answer, its
// body decoded as a JSON object when it is one.
package fntest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
)

// Response is an answer as the tests look at it.
type Response struct {
	Status int
	Header http.Header
	Raw    []byte
	JSON   map[string]any // nil when the body is not a JSON object
}

// Call sends method url with body (a string or []byte as is, anything else but
// nil as JSON) and the headers given, follows no redirect (a 303 is an answer
// too) and reads the whole answer. A request that cannot be sent fails t.
func Call(t testing.TB, method, url string, body any, header map[string]string) Response {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = bytes.NewReader([]byte(b))
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	out := Response{Status: res.StatusCode, Header: res.Header, Raw: raw}
	if json.Unmarshal(raw, &out.JSON) != nil {
		out.JSON = nil
	}
	return out
}
