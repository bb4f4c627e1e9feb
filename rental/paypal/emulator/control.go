package emulator

import (
	"encoding/json"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// addFault implements POST /_emulator/faults with a Fault (or a list of them).
func (s *Server) addFault(w http.ResponseWriter, r *http.Request) {
	var raw json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&raw); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "body must be a fault or a list of faults"})
		return
	}
	var list []Fault
	if strings.HasPrefix(strings.TrimSpace(string(raw)), "[") {
		if err := json.Unmarshal(raw, &list); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
			return
		}
	} else {
		var f Fault
		if err := json.Unmarshal(raw, &f); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
			return
		}
		list = []Fault{f}
	}
	for _, f := range list {
		switch f.Op {
		case "token", "create", "get", "capture", "refund":
		default:
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "op must be token, create, get, capture or refund"})
			return
		}
	}
	for _, f := range list {
		s.AddFault(f)
	}
	writeJSON(w, http.StatusCreated, map[string]int{"added": len(list)})
}

func (s *Server) clearFaults(w http.ResponseWriter, r *http.Request) {
	s.ClearFaults()
	w.WriteHeader(http.StatusNoContent)
}

// approveAPI implements POST /_emulator/orders/{id}/approve[?decline=1]: the buyer's
// click on Pay, for tests without a browser.
func (s *Server) approveAPI(w http.ResponseWriter, r *http.Request) {
	decline := r.URL.Query().Get("decline") != ""
	if err := s.Approve(r.PathValue("id"), decline); err != nil {
		writeJSON(w, http.StatusConflict, map[string]string{"error": err.Error()})
		return
	}
	s.mu.Lock()
	o := s.orders[r.PathValue("id")]
	redirect := withQuery(o.ReturnURL, o.ID, o.PayerID)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]string{"status": "APPROVED", "redirect": redirect})
}

func (s *Server) inspectOrder(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	o, ok := s.orders[r.PathValue("id")]
	var out map[string]any
	if ok {
		out = s.orderJSON(r, o)
		out["emulator"] = map[string]any{"capture_calls": o.CaptureCall, "captures": o.Captures, "decline": o.Decline,
			"return_url": o.ReturnURL, "cancel_url": o.CancelURL,
			"refunds": o.Refunds, "refunded_cents": o.Refunded}
	}
	s.mu.Unlock()
	if !ok {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "no such order"})
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) stats(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.Stats())
}

func (s *Server) expireTokens(w http.ResponseWriter, r *http.Request) {
	s.ExpireTokens()
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) reset(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.tokens, s.orders, s.idem, s.faults, s.counts = map[string]time.Time{}, map[string]*order{}, map[string]replay{}, nil, map[string]int{}
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// withQuery adds PayPal's return parameters: token (the order id) and PayerID.
func withQuery(base, token, payerID string) string {
	u, err := url.Parse(base)
	if err != nil || base == "" {
		return ""
	}
	q := u.Query()
	q.Set("token", token)
	if payerID != "" {
		q.Set("PayerID", payerID)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

var page = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Simulated PayPal payment</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0;padding:2rem;color:#1a1a1a}
main{max-width:28rem;margin:auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0001}
.banner{background:#fff3cd;border:1px solid #e0c060;padding:.75rem;border-radius:8px;font-weight:600}
.amount{font-size:2rem;margin:1.5rem 0}
button{display:block;width:100%;padding:.8rem;margin:.5rem 0;border-radius:24px;border:0;font-size:1rem;cursor:pointer}
.pay{background:#0070ba;color:#fff}.decline{background:#eee}.cancel{background:transparent;text-decoration:underline}
</style></head><body><main>
<p class="banner" role="note">Simulated payment: this is the local PayPal emulator. No money moves.</p>
{{if .Error}}<p role="alert">{{.Error}}</p>{{else}}
<h1>Pay with PayPal (simulated)</h1>
<p>Order <code>{{.ID}}</code></p>
<p class="amount" data-testid="amount">{{.Value}} {{.Currency}}</p>
<form method="post" action="checkoutnow?token={{.ID}}">
<button class="pay" name="action" value="pay" type="submit">Pay</button>
<button class="decline" name="action" value="decline" type="submit">Pay with a card that will be declined</button>
<button class="cancel" name="action" value="cancel" type="submit">Cancel and return to the site</button>
</form>{{end}}
</main></body></html>`))

// approvalPage implements GET /checkoutnow?token=<order id>.
func (s *Server) approvalPage(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("token")
	s.mu.Lock()
	o, ok := s.orders[id]
	data := map[string]string{}
	if ok {
		data = map[string]string{"ID": o.ID, "Value": o.Value, "Currency": o.Currency}
		if o.Status == "COMPLETED" {
			data["Error"] = "This order has already been paid."
		}
	} else {
		data["Error"] = "Unknown order."
	}
	s.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if !ok {
		w.WriteHeader(http.StatusNotFound)
	}
	_ = page.Execute(w, data)
}

// approvalAction handles the page's buttons and sends the browser back to the site.
func (s *Server) approvalAction(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("token")
	_ = r.ParseForm()
	action := r.PostForm.Get("action")
	s.mu.Lock()
	o, ok := s.orders[id]
	var cancelURL string
	if ok {
		cancelURL = withQuery(o.CancelURL, o.ID, "")
	}
	s.mu.Unlock()
	if !ok {
		http.Error(w, "unknown order", http.StatusNotFound)
		return
	}
	if action == "cancel" {
		http.Redirect(w, r, cancelURL, http.StatusSeeOther)
		return
	}
	if err := s.Approve(id, action == "decline"); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	s.mu.Lock()
	to := withQuery(o.ReturnURL, o.ID, o.PayerID)
	s.mu.Unlock()
	http.Redirect(w, r, to, http.StatusSeeOther)
}

func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"service": "PayPal REST emulator (simulated, no money moves)",
		"endpoints": []string{"POST /v1/oauth2/token", "POST /v2/checkout/orders", "GET /v2/checkout/orders/{id}",
			"POST /v2/checkout/orders/{id}/capture", "GET /checkoutnow?token=", "POST /_emulator/faults",
			"DELETE /_emulator/faults", "POST /_emulator/orders/{id}/approve", "GET /_emulator/orders/{id}",
			"GET /_emulator/stats", "POST /_emulator/expire-tokens", "POST /_emulator/reset"}})
}
