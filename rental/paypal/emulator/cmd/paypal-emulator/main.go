// Command paypal-emulator serves the local PayPal REST emulator (see package
// emulator). It refuses to start when ENVIRONMENT=production.
//
//	paypal-emulator -addr 127.0.0.1:54360 [-client-id ID -client-secret SECRET] [-public-url URL]
//
// PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET are used when the flags are empty.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"casarent/rental/paypal/emulator"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "paypal-emulator:", err)
		os.Exit(1)
	}
}

func run() error {
	if err := emulator.CheckEnvironment(os.Getenv); err != nil {
		return err
	}
	addr := flag.String("addr", "127.0.0.1:54360", "listen address")
	id := flag.String("client-id", os.Getenv("PAYPAL_CLIENT_ID"), "accepted client id (empty: any)")
	secret := flag.String("client-secret", os.Getenv("PAYPAL_CLIENT_SECRET"), "accepted client secret (empty: any)")
	public := flag.String("public-url", "", "base URL of the approval links as a browser reaches them (default: from the request)")
	flag.Parse()

	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	srv := &http.Server{Addr: *addr, Handler: emulator.New(emulator.Options{ClientID: *id, ClientSecret: *secret, PublicURL: *public, Logger: logger}),
		ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	logger.Info("PayPal emulator listening (simulated payments, no money moves)", "addr", *addr)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
