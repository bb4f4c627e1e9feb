// Package emulator is a local stand-in for PayPal's REST API, for development and
// tests: OAuth2 client credentials, Orders v2 create / get / capture and Payments v2
// capture refunds (full or partial) with PayPal-Request-Id idempotency, an approval page (Pay / declined card / Cancel,
// clearly labelled as simulated) and a control API that injects declines, 5xx
// answers, slow answers and wrong captured amounts. See README.md.
//
// It keeps everything in memory and never moves money; it must not run in production.
package emulator

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Options configure the emulator.
type Options struct {
	ClientID     string        // accepted client id; empty accepts any
	ClientSecret string        // accepted secret; empty accepts any
	TokenTTL     time.Duration // access-token lifetime, default 9h (PayPal's ~32400s)
	// PublicURL is the base of the approval links (the browser's view of the
	// emulator); empty = derived from each request's Host.
	PublicURL string
	Logger    *slog.Logger
}

// Server is the emulator; it is an http.Handler.
type Server struct {
	opts Options
	mux  *http.ServeMux

	mu     sync.Mutex
	tokens map[string]time.Time
	orders map[string]*order
	idem   map[string]replay // "<op>:<PayPal-Request-Id>" -> first answer
	faults []*Fault
	counts map[string]int // calls per operation
}

type order struct {
	ID          string
	Status      string
	Intent      string
	Unit        map[string]any // purchase unit as sent
	Currency    string
	Value       string
	ReturnURL   string
	CancelURL   string
	Experience  bool // created with payment_source.paypal.experience_context
	PayerID     string
	Decline     bool // the buyer approved with a card that will be declined
	Capture     map[string]any
	CaptureCall int // capture requests that reached the order (replays excluded)
	Captures    int // captures actually performed
	Created     time.Time
	Refunded    int64 // cents refunded so far
	Refunds     int   // refunds actually performed
}

type replay struct {
	status int
	body   any
}

// Fault is an injected misbehaviour for the next matching calls.
type Fault struct {
	Op       string `json:"op"`       // token | create | get | capture | refund
	OrderID  string `json:"order_id"` // optional: only this order
	Status   int    `json:"status"`   // answer this HTTP status (5xx: INTERNAL_SERVER_ERROR) without acting
	Issue    string `json:"issue"`    // answer 422 UNPROCESSABLE_ENTITY with this issue, without acting
	DelayMS  int    `json:"delay_ms"` // act, then wait this long before answering
	Amount   string `json:"amount"`   // capture: report this captured value instead of the order's
	Currency string `json:"currency"` // capture: report this currency instead of the order's
	Times    int    `json:"times"`    // how many calls it affects; default 1, -1 = until cleared
}

// New returns an emulator.
func New(opts Options) *Server {
	if opts.TokenTTL <= 0 {
		opts.TokenTTL = 9 * time.Hour
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	s := &Server{opts: opts, tokens: map[string]time.Time{}, orders: map[string]*order{}, idem: map[string]replay{}, counts: map[string]int{}}
	m := http.NewServeMux()
	m.HandleFunc("POST /v1/oauth2/token", s.token)
	m.HandleFunc("POST /v2/checkout/orders", s.auth(s.createOrder))
	m.HandleFunc("GET /v2/checkout/orders/{id}", s.auth(s.getOrder))
	m.HandleFunc("POST /v2/checkout/orders/{id}/capture", s.auth(s.captureOrder))
	m.HandleFunc("POST /v2/payments/captures/{id}/refund", s.auth(s.refundCapture))
	m.HandleFunc("GET /checkoutnow", s.approvalPage)
	m.HandleFunc("POST /checkoutnow", s.approvalAction)
	m.HandleFunc("POST /_emulator/faults", s.addFault)
	m.HandleFunc("DELETE /_emulator/faults", s.clearFaults)
	m.HandleFunc("POST /_emulator/orders/{id}/approve", s.approveAPI)
	m.HandleFunc("GET /_emulator/orders/{id}", s.inspectOrder)
	m.HandleFunc("GET /_emulator/stats", s.stats)
	m.HandleFunc("POST /_emulator/expire-tokens", s.expireTokens)
	m.HandleFunc("POST /_emulator/reset", s.reset)
	m.HandleFunc("GET /{$}", s.home)
	s.mux = m
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// AddFault injects a fault (also available as POST /_emulator/faults).
func (s *Server) AddFault(f Fault) {
	if f.Times == 0 {
		f.Times = 1
	}
	s.mu.Lock()
	s.faults = append(s.faults, &f)
	s.mu.Unlock()
}

// ClearFaults removes every pending fault.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	s.faults = nil
	s.mu.Unlock()
}

// Approve simulates the buyer approving the order on the approval page; decline
// approves with a card that the capture will decline (INSTRUMENT_DECLINED).
func (s *Server) Approve(id string, decline bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	if !ok {
		return fmt.Errorf("emulator: no order %s", id)
	}
	if o.Status != "CREATED" && o.Status != "PAYER_ACTION_REQUIRED" && o.Status != "APPROVED" {
		return fmt.Errorf("emulator: order %s is %s", id, o.Status)
	}
	o.Status, o.Decline = "APPROVED", decline
	if o.PayerID == "" {
		o.PayerID = randID(13)
	}
	return nil
}

// Stats returns the number of calls per operation, and "captures" (captures performed).
func (s *Server) Stats() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int{}
	maps.Copy(out, s.counts)
	for _, o := range s.orders {
		out["captures"] += o.Captures
	}
	return out
}

// OrderCaptures returns how many captures were performed for one order.
func (s *Server) OrderCaptures(id string) int {
	return s.orderCount(id, func(o *order) int { return o.Captures })
}

// orderCount reads one counter of an order (0 for an unknown order).
func (s *Server) orderCount(id string, count func(*order) int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.orders[id]; ok {
		return count(o)
	}
	return 0
}

// ExpireTokens invalidates every issued access token (clients must fetch a new one).
func (s *Server) ExpireTokens() {
	s.mu.Lock()
	s.tokens = map[string]time.Time{}
	s.mu.Unlock()
}

// takeFault returns the first fault for op (and order), consuming one use.
func (s *Server) takeFault(op, orderID string) *Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.counts[op]++
	for i, f := range s.faults {
		if f.Op != op || (f.OrderID != "" && f.OrderID != orderID) {
			continue
		}
		cp := *f
		if f.Times > 0 {
			f.Times--
			if f.Times == 0 {
				s.faults = append(s.faults[:i], s.faults[i+1:]...)
			}
		}
		return &cp
	}
	return nil
}

// failFault answers the fault's error if it has one; it reports whether it did.
func failFault(w http.ResponseWriter, r *http.Request, f *Fault) bool {
	if f == nil || (f.Status == 0 && f.Issue == "") {
		return false
	}
	sleep(r, f.DelayMS)
	if f.Issue != "" {
		writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "The requested action could not be performed, semantically incorrect, or failed business validation.", f.Issue)
		return true
	}
	name := "INTERNAL_SERVER_ERROR"
	if f.Status < 500 {
		name = strings.ToUpper(strings.ReplaceAll(http.StatusText(f.Status), " ", "_"))
	}
	writeError(w, f.Status, name, "An internal server error occurred (emulated).", "")
	return true
}

// faulted plays the fault set for op (and order): its error, answered at once
// (failed), or its delay, by the writer returned for the rest of the answer.
func (s *Server) faulted(w http.ResponseWriter, r *http.Request, op, orderID string) (http.ResponseWriter, bool) {
	f := s.takeFault(op, orderID)
	if failFault(w, r, f) {
		return w, true
	}
	return &lateWriter{ResponseWriter: w, r: r, f: f}, false
}

// lateAnswer waits for a fault's delay (the action is already done).
func lateAnswer(r *http.Request, f *Fault) {
	if f != nil {
		sleep(r, f.DelayMS)
	}
}

// lateWriter delays the answer (not the action) by a fault's delay.
type lateWriter struct {
	http.ResponseWriter
	r    *http.Request
	f    *Fault
	done bool
}

func (l *lateWriter) WriteHeader(code int) {
	if !l.done {
		l.done = true
		lateAnswer(l.r, l.f)
	}
	l.ResponseWriter.WriteHeader(code)
}

func sleep(r *http.Request, ms int) {
	if ms <= 0 {
		return
	}
	t := time.NewTimer(time.Duration(ms) * time.Millisecond)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.Context().Done():
	}
}

// token implements POST /v1/oauth2/token (client credentials, HTTP Basic).
func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	w, failed := s.faulted(w, r, "token", "")
	if failed {
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok || (s.opts.ClientID != "" && id != s.opts.ClientID) || (s.opts.ClientSecret != "" && secret != s.opts.ClientSecret) {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client", "error_description": "Client Authentication failed"})
		return
	}
	if err := r.ParseForm(); err != nil || r.PostForm.Get("grant_type") != "client_credentials" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type", "error_description": "Grant Type is NULL"})
		return
	}
	tok := "EMU." + randID(32)
	s.mu.Lock()
	s.tokens[tok] = time.Now().Add(s.opts.TokenTTL)
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"scope": "https://uri.paypal.com/services/payments/payment", "access_token": tok, "token_type": "Bearer",
		"app_id": "APP-EMULATOR", "expires_in": int(s.opts.TokenTTL / time.Second), "nonce": randID(16),
	})
}

// auth checks the Bearer access token.
func (s *Server) auth(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		h := r.Header.Get("Authorization")
		tok, ok := strings.CutPrefix(h, "Bearer ")
		s.mu.Lock()
		exp, known := s.tokens[tok]
		s.mu.Unlock()
		if !ok || !known || time.Now().After(exp) {
			writeError(w, http.StatusUnauthorized, "AUTHENTICATION_FAILURE", "Authentication failed due to missing authorization header, or invalid authentication credentials.", "")
			return
		}
		next(w, r)
	}
}

var valueRe = regexp.MustCompile(`^[0-9]{1,10}(\.[0-9]{2})?$`)

// createOrder implements POST /v2/checkout/orders.
func (s *Server) createOrder(w http.ResponseWriter, r *http.Request) {
	w, failed := s.faulted(w, r, "create", "")
	if failed {
		return
	}
	reqID := r.Header.Get("PayPal-Request-Id")
	if rp, ok := s.replayed("create", reqID); ok {
		writeJSON(w, http.StatusOK, rp.body)
		return
	}
	var body struct {
		Intent        string           `json:"intent"`
		PurchaseUnits []map[string]any `json:"purchase_units"`
		PaymentSource *struct {
			PayPal *struct {
				ExperienceContext struct {
					ReturnURL string `json:"return_url"`
					CancelURL string `json:"cancel_url"`
				} `json:"experience_context"`
			} `json:"paypal"`
		} `json:"payment_source"`
		ApplicationContext *struct {
			ReturnURL string `json:"return_url"`
			CancelURL string `json:"cancel_url"`
		} `json:"application_context"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		malformed(w)
		return
	}
	if body.Intent != "CAPTURE" && body.Intent != "AUTHORIZE" {
		writeError(w, http.StatusBadRequest, "INVALID_REQUEST", "intent must be CAPTURE or AUTHORIZE", "INVALID_PARAMETER_VALUE")
		return
	}
	if len(body.PurchaseUnits) != 1 {
		writeError(w, http.StatusBadRequest, "INVALID_REQUEST", "the emulator supports exactly one purchase unit", "INVALID_ARRAY_MAX_ITEMS")
		return
	}
	amt, _ := body.PurchaseUnits[0]["amount"].(map[string]any)
	cur, _ := amt["currency_code"].(string)
	val, _ := amt["value"].(string)
	if len(cur) != 3 || cur == "MAD" {
		writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "currency not supported", "CURRENCY_NOT_SUPPORTED")
		return
	}
	if !valueRe.MatchString(val) || strings.Trim(val, "0.") == "" {
		writeError(w, http.StatusBadRequest, "INVALID_REQUEST", "amount value must be a positive decimal with 2 decimals", "DECIMAL_PRECISION")
		return
	}
	o := &order{ID: randOrderID(), Status: "CREATED", Intent: body.Intent, Unit: body.PurchaseUnits[0], Currency: cur, Value: val, Created: time.Now()}
	switch {
	case body.PaymentSource != nil && body.PaymentSource.PayPal != nil:
		o.Experience, o.Status = true, "PAYER_ACTION_REQUIRED"
		o.ReturnURL, o.CancelURL = body.PaymentSource.PayPal.ExperienceContext.ReturnURL, body.PaymentSource.PayPal.ExperienceContext.CancelURL
	case body.ApplicationContext != nil:
		o.ReturnURL, o.CancelURL = body.ApplicationContext.ReturnURL, body.ApplicationContext.CancelURL
	}
	s.mu.Lock()
	s.orders[o.ID] = o
	out := s.orderJSON(r, o)
	s.mu.Unlock()
	s.remember("create", reqID, http.StatusCreated, out)
	writeJSON(w, http.StatusCreated, out)
}

// getOrder implements GET /v2/checkout/orders/{id}.
func (s *Server) getOrder(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	w, failed := s.faulted(w, r, "get", id)
	if failed {
		return
	}
	s.mu.Lock()
	o, ok := s.orders[id]
	var out map[string]any
	if ok {
		out = s.orderJSON(r, o)
	}
	s.mu.Unlock()
	if !ok {
		notFound(w)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// captureOrder implements POST /v2/checkout/orders/{id}/capture.
func (s *Server) captureOrder(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	f := s.takeFault("capture", id) // its amount or currency, if set, is what gets captured
	if failFault(w, r, f) {
		return
	}
	w = &lateWriter{ResponseWriter: w, r: r, f: f} // slow answers, replays included
	reqID := r.Header.Get("PayPal-Request-Id")
	key := "capture:" + id
	// The replay check and the capture under one lock, as PayPal's idempotency
	// holds for requests that arrive together (two replicas retrying at once).
	s.mu.Lock()
	if rp, ok := s.replayedLocked(key, reqID); ok {
		s.mu.Unlock()
		writeJSON(w, http.StatusOK, rp.body) // a replay: the original capture, not a new one
		return
	}
	o, ok := s.orders[id]
	if !ok {
		s.mu.Unlock()
		notFound(w)
		return
	}
	o.CaptureCall++
	var status int
	var name, issue string
	switch {
	case o.Status == "COMPLETED":
		status, name, issue = 422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED"
	case o.Status != "APPROVED":
		status, name, issue = 422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED"
		if o.Experience {
			issue = "PAYER_ACTION_REQUIRED"
		}
	case o.Decline:
		status, name, issue = 422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED"
	}
	if status != 0 {
		s.mu.Unlock()
		writeError(w, status, name, "The requested action could not be performed, semantically incorrect, or failed business validation.", issue)
		return
	}
	cur, val := o.Currency, o.Value
	if f != nil && f.Amount != "" {
		val = f.Amount
	}
	if f != nil && f.Currency != "" {
		cur = f.Currency
	}
	now := time.Now().UTC().Format(time.RFC3339)
	o.Capture = map[string]any{
		"id": randOrderID()[:17], "status": "COMPLETED",
		"amount":        map[string]string{"currency_code": cur, "value": val},
		"final_capture": true, "create_time": now, "update_time": now,
		"seller_protection": map[string]any{"status": "ELIGIBLE"},
	}
	o.Status = "COMPLETED"
	o.Captures++
	out := s.orderJSON(r, o)
	s.rememberLocked(key, reqID, http.StatusCreated, out)
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, out) // with a delay fault: captured, but the answer is late
}

// refundCapture implements POST /v2/payments/captures/{id}/refund: an empty body
// refunds what remains of the capture, {amount} a part of it.
func (s *Server) refundCapture(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	w, failed := s.faulted(w, r, "refund", id)
	if failed {
		return
	}
	reqID := r.Header.Get("PayPal-Request-Id")
	key := "refund:" + id
	var body struct {
		Amount *struct {
			Value        string `json:"value"`
			CurrencyCode string `json:"currency_code"`
		} `json:"amount"`
	}
	if r.ContentLength != 0 {
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			malformed(w)
			return
		}
	}
	s.mu.Lock() // the replay check and the refund together (see captureOrder)
	if rp, ok := s.replayedLocked(key, reqID); ok {
		s.mu.Unlock()
		writeJSON(w, rp.status, rp.body)
		return
	}
	var o *order
	for _, cand := range s.orders {
		if cand.Capture != nil && cand.Capture["id"] == id {
			o = cand
			break
		}
	}
	if o == nil {
		s.mu.Unlock()
		notFound(w)
		return
	}
	amount := o.Capture["amount"].(map[string]string)
	captured, _ := cents(amount["value"])
	left := captured - o.Refunded
	want := left
	if body.Amount != nil {
		c, ok := cents(body.Amount.Value)
		if !ok || c <= 0 || body.Amount.CurrencyCode != amount["currency_code"] {
			s.mu.Unlock()
			writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "The requested action could not be performed, semantically incorrect, or failed business validation.", "INVALID_CURRENCY_CODE")
			return
		}
		want = c
	}
	switch {
	case left <= 0:
		s.mu.Unlock()
		writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "The capture has already been fully refunded.", "CAPTURE_FULLY_REFUNDED")
		return
	case want > left:
		s.mu.Unlock()
		writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "The refund amount must be less than or equal to the capture amount that has not yet been refunded.", "REFUND_AMOUNT_EXCEEDED")
		return
	}
	o.Refunded += want
	o.Refunds++
	now := time.Now().UTC().Format(time.RFC3339)
	refundID := randOrderID()[:17]
	out := map[string]any{
		"id": refundID, "status": "COMPLETED",
		"amount":      map[string]string{"currency_code": amount["currency_code"], "value": fmt.Sprintf("%d.%02d", want/100, want%100)},
		"create_time": now, "update_time": now,
		"links": []map[string]string{{"href": s.base(r) + "/v2/payments/refunds/" + refundID, "rel": "self", "method": "GET"}},
	}
	s.rememberLocked(key, reqID, http.StatusCreated, out)
	s.mu.Unlock()
	writeJSON(w, http.StatusCreated, out)
}

// cents reads "12.34" (or "12", "12.3") as 1234.
func cents(v string) (int64, bool) {
	whole, frac, _ := strings.Cut(v, ".")
	if len(frac) > 2 {
		return 0, false
	}
	frac += strings.Repeat("0", 2-len(frac))
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil || w < 0 || f < 0 {
		return 0, false
	}
	return w*100 + f, true
}

// OrderRefunds is how many refunds were performed on the order's capture.
func (s *Server) OrderRefunds(id string) int {
	return s.orderCount(id, func(o *order) int { return o.Refunds })
}

func (s *Server) replayed(op, reqID string) (replay, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.replayedLocked(op, reqID)
}

// replayedLocked is replayed with s.mu held.
func (s *Server) replayedLocked(op, reqID string) (replay, bool) {
	if reqID == "" {
		return replay{}, false
	}
	rp, ok := s.idem[op+":"+reqID]
	return rp, ok
}

func (s *Server) remember(op, reqID string, status int, body any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rememberLocked(op, reqID, status, body)
}

// rememberLocked is remember with s.mu held.
func (s *Server) rememberLocked(op, reqID string, status int, body any) {
	if reqID != "" {
		s.idem[op+":"+reqID] = replay{status: status, body: body}
	}
}

// base is the emulator's URL as the browser sees it.
func (s *Server) base(r *http.Request) string {
	if s.opts.PublicURL != "" {
		return strings.TrimRight(s.opts.PublicURL, "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// orderJSON renders o as Orders v2 does (s.mu held).
func (s *Server) orderJSON(r *http.Request, o *order) map[string]any {
	base := s.base(r)
	unit := map[string]any{}
	maps.Copy(unit, o.Unit)
	if _, ok := unit["reference_id"]; !ok {
		unit["reference_id"] = "default"
	}
	if o.Capture != nil {
		unit["payments"] = map[string]any{"captures": []any{o.Capture}}
	}
	out := map[string]any{
		"id": o.ID, "status": o.Status, "intent": o.Intent,
		"purchase_units": []any{unit},
		"create_time":    o.Created.UTC().Format(time.RFC3339),
	}
	links := []map[string]string{{"href": base + "/v2/checkout/orders/" + o.ID, "rel": "self", "method": "GET"}}
	switch o.Status {
	case "CREATED", "PAYER_ACTION_REQUIRED":
		rel := "approve"
		if o.Experience {
			rel = "payer-action"
		}
		links = append(links,
			map[string]string{"href": base + "/checkoutnow?token=" + o.ID, "rel": rel, "method": "GET"},
			map[string]string{"href": base + "/v2/checkout/orders/" + o.ID, "rel": "update", "method": "PATCH"},
			map[string]string{"href": base + "/v2/checkout/orders/" + o.ID + "/capture", "rel": "capture", "method": "POST"})
	case "APPROVED":
		links = append(links, map[string]string{"href": base + "/v2/checkout/orders/" + o.ID + "/capture", "rel": "capture", "method": "POST"})
	}
	out["links"] = links
	if o.PayerID != "" {
		out["payer"] = map[string]any{"payer_id": o.PayerID, "email_address": "buyer@example.com",
			"name": map[string]string{"given_name": "Simulated", "surname": "Buyer"}}
		out["payment_source"] = map[string]any{"paypal": map[string]any{"account_id": o.PayerID, "email_address": "buyer@example.com"}}
	}
	return out
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Paypal-Debug-Id", randID(13))
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, name, msg, issue string) {
	body := map[string]any{"name": name, "message": msg, "debug_id": strings.ToLower(randID(13)),
		"links": []map[string]string{{"href": "https://developer.paypal.com/docs/api/orders/v2/#error-" + issue, "rel": "information_link"}}}
	if issue != "" {
		body["details"] = []map[string]string{{"issue": issue, "description": strings.ToLower(strings.ReplaceAll(issue, "_", " ")) + " (emulated)"}}
	}
	writeJSON(w, status, body)
}

// notFound is PayPal's answer for an unknown order or capture id.
func notFound(w http.ResponseWriter) {
	writeError(w, http.StatusNotFound, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID")
}

// malformed is PayPal's answer for a body that is not JSON.
func malformed(w http.ResponseWriter) {
	writeError(w, http.StatusBadRequest, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", "MALFORMED_REQUEST_JSON")
}

const idAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

func randOrderID() string {
	b := make([]byte, 17)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return string(b)
}

func randID(n int) string {
	b := make([]byte, (n+1)/2)
	_, _ = rand.Read(b)
	return strings.ToUpper(hex.EncodeToString(b))[:n]
}

// ErrProduction is returned by CheckEnvironment in production.
var ErrProduction = errors.New("the PayPal emulator refuses to run with ENVIRONMENT=production")

// CheckEnvironment refuses production (getenv is os.Getenv's shape).
func CheckEnvironment(getenv func(string) string) error {
	if strings.EqualFold(strings.TrimSpace(getenv("ENVIRONMENT")), "production") {
		return ErrProduction
	}
	return nil
}
