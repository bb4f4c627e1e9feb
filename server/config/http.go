package config

import (
	"errors"
	"time"
)

// HTTP bounds what one connection may hold: every phase of a request has a
// deadline, and connections are capped per client address and in total, so
// sockets that never finish a request cannot exhaust the file limit.
type HTTP struct {
	// ReadHeaderTimeout is the time a request's headers may take
	// (HTTP_READ_HEADER_TIMEOUT, default 10s).
	ReadHeaderTimeout time.Duration
	// BodyTimeout is the time a request body may go without a byte, counted from
	// its headers or its last byte, whether or not the handler reads it; past it
	// the connection is closed after the answer (HTTP_BODY_TIMEOUT, default 10s).
	BodyTimeout time.Duration
	// IdleTimeout closes a keep-alive connection waiting for its next request
	// (HTTP_IDLE_TIMEOUT, default 120s).
	IdleTimeout time.Duration
	// MaxConnsPerAddr caps the open connections of one peer address
	// (CONN_LIMIT_PER_ADDR, default 1024; 0 = no cap). Behind a proxy every
	// connection is the proxy's: raise it to what the proxy may open, or 0.
	MaxConnsPerAddr int
	// MaxConns caps all open connections (CONN_LIMIT_TOTAL). 0 (the default)
	// derives it from the file limit at start, keeping room for the database
	// pool, files and outgoing connections.
	MaxConns int
	// TrustedProxies is how many proxies in front append to RATE_LIMIT_HEADER
	// (TRUSTED_PROXIES, default 1): the client is that many values from the
	// right, the right-most hop no trusted proxy wrote.
	TrustedProxies int
}

func loadHTTP(e env) HTTP {
	return HTTP{
		ReadHeaderTimeout: e.dur("HTTP_READ_HEADER_TIMEOUT", 10*time.Second),
		BodyTimeout:       e.dur("HTTP_BODY_TIMEOUT", 10*time.Second),
		IdleTimeout:       e.dur("HTTP_IDLE_TIMEOUT", 120*time.Second),
		MaxConnsPerAddr:   e.int("CONN_LIMIT_PER_ADDR", 1024),
		MaxConns:          e.int("CONN_LIMIT_TOTAL", 0),
		TrustedProxies:    e.int("TRUSTED_PROXIES", 1),
	}
}

func (h HTTP) validate() error {
	var errs []error
	if h.ReadHeaderTimeout <= 0 || h.BodyTimeout <= 0 || h.IdleTimeout <= 0 {
		errs = append(errs, errors.New("HTTP_READ_HEADER_TIMEOUT, HTTP_BODY_TIMEOUT and HTTP_IDLE_TIMEOUT must be positive"))
	}
	if h.MaxConnsPerAddr < 0 || h.MaxConns < 0 {
		errs = append(errs, errors.New("CONN_LIMIT_PER_ADDR and CONN_LIMIT_TOTAL must be 0 (automatic/off) or positive"))
	}
	if h.TrustedProxies < 1 {
		errs = append(errs, errors.New("TRUSTED_PROXIES must be at least 1 (it only counts when RATE_LIMIT_HEADER is set)"))
	}
	return errors.Join(errs...)
}
