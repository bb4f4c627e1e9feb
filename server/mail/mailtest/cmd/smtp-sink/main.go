// Command smtp-sink runs mailtest's SMTP sink for test suites outside Go: it
// accepts every message on -smtp and serves them as JSON on -http (see
// mailtest.Sink.Handler). It prints one line "smtp=<addr> http=<url>" once both
// listen, so a script can start it on port 0 and read the addresses back.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"casarent/server/mail/mailtest"
)

func main() {
	smtpAddr := flag.String("smtp", "127.0.0.1:0", "SMTP listen address")
	httpAddr := flag.String("http", "127.0.0.1:0", "HTTP listen address (JSON view of the messages)")
	flag.Parse()

	sink, err := mailtest.Start(*smtpAddr)
	if err != nil {
		log.Fatalf("smtp-sink: %v", err)
	}
	defer sink.Close()
	ln, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		log.Fatalf("smtp-sink: %v", err)
	}
	srv := &http.Server{Handler: sink.Handler()}
	fmt.Printf("smtp=%s http=http://%s\n", sink.Addr, ln.Addr())
	os.Stdout.Sync() //nolint:errcheck

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		srv.Close() //nolint:errcheck
	}()
	if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
		log.Fatalf("smtp-sink: %v", err)
	}
}
