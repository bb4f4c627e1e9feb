// Package mail sends email for every surface (auth's confirmation and recovery
// links, the functions' notifications). With no SMTP relay configured, messages
// are written to the log, clearly labelled, instead of pretending to be sent.
package mail

import "context"

// Message is one email; HTML and Text are alternatives of the same content.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
	// Headers are extra headers (e.g. a message id for idempotent retries).
	Headers map[string]string
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
	// Configured reports whether messages really leave the machine (an SMTP relay is set).
	Configured() bool
}
