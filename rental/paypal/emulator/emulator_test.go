package emulator_test

import (
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"casarent/functions/fnkit/fntest"
	"casarent/rental/paypal/emulator"
)

func TestRefusesProduction(t *testing.T) {
	env := map[string]string{"ENVIRONMENT": "production"}
	if err := emulator.CheckEnvironment(func(k string) string { return env[k] }); err == nil {
		t.Fatal("production accepted")
	}
	env["ENVIRONMENT"] = "development"
	if err := emulator.CheckEnvironment(func(k string) string { return env[k] }); err != nil {
		t.Fatal(err)
	}
}

type client struct {
	t    *testing.T
	base string
	tok  string
}

func (c *client) do(method, path, body string, hdr map[string]string) (int, map[string]any, http.Header) {
	c.t.Helper()
	all := map[string]string{"Content-Type": "application/json"}
	if c.tok != "" {
		all["Authorization"] = "Bearer " + c.tok
	}
	maps.Copy(all, hdr)
	r := fntest.Call(c.t, method, c.base+path, body, all)
	if r.JSON == nil {
		r.JSON = map[string]any{}
	}
	return r.Status, r.JSON, r.Header
}

func TestEmulatorFlows(t *testing.T) {
	srv := httptest.NewServer(emulator.New(emulator.Options{ClientID: "id", ClientSecret: "s"}))
	defer srv.Close()
	c := &client{t: t, base: srv.URL}

	req, _ := http.NewRequest("POST", srv.URL+"/v1/oauth2/token", strings.NewReader("grant_type=client_credentials"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth("id", "wrong")
	res, _ := http.DefaultClient.Do(req)
	if res.StatusCode != 401 {
		t.Fatalf("bad secret: %d", res.StatusCode)
	}
	req.SetBasicAuth("id", "s")
	req.Body = io.NopCloser(strings.NewReader("grant_type=client_credentials"))
	res, _ = http.DefaultClient.Do(req)
	var tok map[string]any
	_ = json.NewDecoder(res.Body).Decode(&tok)
	res.Body.Close()
	if status, _, _ := c.do("POST", "/v2/checkout/orders", `{}`, nil); status != 401 {
		t.Fatalf("no token: %d", status)
	}
	c.tok = tok["access_token"].(string)

	// The deprecated application_context form: CREATED with an "approve" link.
	status, o, _ := c.do("POST", "/v2/checkout/orders", `{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"EUR","value":"10.00"}}],
		"application_context":{"return_url":"http://site/ok","cancel_url":"http://site/cancel"}}`, nil)
	if status != 201 || o["status"] != "CREATED" {
		t.Fatalf("create: %d %v", status, o)
	}
	var approve string
	for _, l := range o["links"].([]any) {
		if l.(map[string]any)["rel"] == "approve" {
			approve = l.(map[string]any)["href"].(string)
		}
	}
	if approve == "" {
		t.Fatalf("no approve link: %v", o)
	}
	id := o["id"].(string)

	// Cancel sends the browser to the cancel URL with the token.
	form := url.Values{"action": {"cancel"}}.Encode()
	req, _ = http.NewRequest("POST", srv.URL+"/checkoutnow?token="+id, strings.NewReader(form))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, _ = (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
	res.Body.Close()
	if loc := res.Header.Get("Location"); res.StatusCode != 303 || loc != "http://site/cancel?token="+id {
		t.Fatalf("cancel: %d %s", res.StatusCode, loc)
	}
	if status, body, _ := c.do("POST", "/v2/checkout/orders/"+id+"/capture", `{}`, nil); status != 422 || !strings.Contains(asJSON(body), "ORDER_NOT_APPROVED") {
		t.Fatalf("capture after cancel: %d %v", status, body)
	}

	// Control API: approve, then a list of faults (503 once, then declined).
	if status, body, _ := c.do("POST", "/_emulator/orders/"+id+"/approve", ``, nil); status != 200 || !strings.HasPrefix(body["redirect"].(string), "http://site/ok?PayerID=") {
		t.Fatalf("approve: %d %v", status, body)
	}
	if status, _, _ := c.do("POST", "/_emulator/faults", `[{"op":"capture","status":503},{"op":"capture","issue":"INSTRUMENT_DECLINED"}]`, nil); status != 201 {
		t.Fatalf("faults: %d", status)
	}
	if status, _, _ := c.do("POST", "/_emulator/faults", `{"op":"nope"}`, nil); status != 400 {
		t.Fatalf("bad fault accepted: %d", status)
	}
	if status, _, _ := c.do("POST", "/v2/checkout/orders/"+id+"/capture", `{}`, nil); status != 503 {
		t.Fatalf("first capture: %d", status)
	}
	if status, body, _ := c.do("POST", "/v2/checkout/orders/"+id+"/capture", `{}`, nil); status != 422 || !strings.Contains(asJSON(body), "INSTRUMENT_DECLINED") {
		t.Fatalf("second capture: %d %v", status, body)
	}
	status, body, _ := c.do("POST", "/v2/checkout/orders/"+id+"/capture", `{}`, map[string]string{"PayPal-Request-Id": "k1"})
	if status != 201 || body["status"] != "COMPLETED" {
		t.Fatalf("third capture: %d %v", status, body)
	}
	if status, _, _ := c.do("GET", "/v2/checkout/orders/UNKNOWN", ``, nil); status != 404 {
		t.Fatalf("unknown order: %d", status)
	}
	_, stats, _ := c.do("GET", "/_emulator/stats", ``, nil)
	if stats["captures"] != 1.0 || stats["capture"] != 4.0 {
		t.Fatalf("stats: %v", stats)
	}
	// The approval page of a paid order says so.
	page, _ := http.Get(approve)
	html, _ := io.ReadAll(page.Body)
	page.Body.Close()
	if !strings.Contains(string(html), "already been paid") || !strings.Contains(string(html), "Simulated payment") {
		t.Fatalf("page: %s", html)
	}
}

func asJSON(v any) string { b, _ := json.Marshal(v); return string(b) }
