package mailtest_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"casarent/server/mail"
	"casarent/server/mail/mailtest"
)

// The SMTP sender (go-mail) delivers through the sink, and the sink decodes the
// multipart alternative with non-ASCII text intact.
func TestSMTPSenderThroughSink(t *testing.T) {
	sink := mailtest.New(t)
	s := mail.NewSMTP(mail.SMTPConfig{Host: sink.Host(), Port: sink.Port(), From: "noreply@example.test", SenderName: "Casa", TLS: "none"})
	if !s.Configured() {
		t.Fatal("SMTP sender must report configured")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := s.Send(ctx, mail.Message{To: "Ali@Example.test", Subject: "Confirmez votre adresse — تأكيد",
		Text: "Lien : http://x/verify?token=abc&type=signup", HTML: `<p dir="rtl">مرحبا <a href="http://x/verify?token=abc&amp;type=signup">ici</a></p>`})
	if err != nil {
		t.Fatal(err)
	}
	got, err := sink.Wait(ctx, "ali@example.test", 1)
	if err != nil {
		t.Fatal(err)
	}
	m := got[0]
	if m.Subject != "Confirmez votre adresse — تأكيد" {
		t.Errorf("subject %q", m.Subject)
	}
	if !strings.Contains(m.Text, "http://x/verify?token=abc&type=signup") {
		t.Errorf("text part %q", m.Text)
	}
	if !strings.Contains(m.HTML, "مرحبا") || !strings.Contains(m.HTML, `dir="rtl"`) {
		t.Errorf("html part %q", m.HTML)
	}
	if !strings.Contains(m.Headers["From"], "noreply@example.test") {
		t.Errorf("from header %q", m.Headers["From"])
	}

	// The JSON view used by the Node suites.
	srv := httptest.NewServer(sink.Handler())
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/messages?to=ali@example.test&wait=1")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list []mailtest.Message
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil || len(list) != 1 || list[0].Subject != m.Subject {
		t.Fatalf("json view: %v %+v", err, list)
	}
}

func TestLogSenderSaysNotSent(t *testing.T) {
	var buf strings.Builder
	s := mail.FromConfig(mail.SMTPConfig{}, slog.New(slog.NewTextHandler(&buf, nil)))
	if s.Configured() {
		t.Fatal("log sender must not claim to be configured")
	}
	if err := s.Send(context.Background(), mail.Message{To: "a@b.c", Subject: "Hi", Text: "link"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "EMAIL NOT SENT (no SMTP configured)") || !strings.Contains(buf.String(), "a@b.c") {
		t.Fatalf("log line: %s", buf.String())
	}
}
