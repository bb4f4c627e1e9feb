package mailtest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// Handler exposes the sink as JSON for suites in other languages:
//
//	GET    /messages?to=<addr>           every message (to one recipient when given)
//	GET    /messages?to=<addr>&wait=<n>  block (up to 10 s) until <addr> has n messages
//	DELETE /messages                     forget everything
//	GET    /health                       {"smtp": "<host:port>"}
func (s *Sink) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"smtp": s.Addr})
	})
	mux.HandleFunc("GET /messages", func(w http.ResponseWriter, r *http.Request) {
		to := r.URL.Query().Get("to")
		msgs := s.Messages()
		if to != "" {
			msgs = s.To(to)
		}
		if n, _ := strconv.Atoi(r.URL.Query().Get("wait")); n > 0 && to != "" {
			ctx, cancel := contextWithTimeout(r, 10*time.Second)
			defer cancel()
			got, err := s.Wait(ctx, to, n)
			if err != nil {
				writeJSON(w, http.StatusRequestTimeout, map[string]any{"error": err.Error(), "messages": nonNil(got)})
				return
			}
			msgs = got
		}
		writeJSON(w, http.StatusOK, nonNil(msgs))
	})
	mux.HandleFunc("DELETE /messages", func(w http.ResponseWriter, r *http.Request) {
		s.Reset()
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

func nonNil(m []Message) []Message {
	if m == nil {
		return []Message{}
	}
	return m
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
