package mail

import (
	"context"
	"log/slog"
)

// LogSender is used when no SMTP relay is configured: it delivers nothing and
// writes each message to the log under a label nobody can mistake for a delivery.
type LogSender struct {
	Logger *slog.Logger
	// Redact leaves the body out of the log. The body holds sign-in links and
	// codes (recovery, magic link, invitation): in production whoever reads the
	// logs (or the service they are shipped to) could take over any account.
	Redact bool
}

// NewLog returns a sender that writes to logger (slog.Default when nil).
func NewLog(logger *slog.Logger) *LogSender {
	if logger == nil {
		logger = slog.Default()
	}
	return &LogSender{Logger: logger}
}

// Configured is false: nothing leaves the machine.
func (l *LogSender) Configured() bool { return false }

// Send logs m, in full unless Redact (links included, so a developer can follow them).
func (l *LogSender) Send(ctx context.Context, m Message) error {
	text := m.Text
	if l.Redact {
		text = "(redacted: the body carries sign-in links; configure SMTP_HOST)"
	}
	l.Logger.WarnContext(ctx, "EMAIL NOT SENT (no SMTP configured)",
		"to", m.To, "subject", m.Subject, "text", text)
	return nil
}

// FromConfig picks the SMTP sender when host is set, the log sender otherwise.
func FromConfig(cfg SMTPConfig, logger *slog.Logger) Sender {
	if cfg.Host == "" {
		return NewLog(logger)
	}
	return NewSMTP(cfg)
}
