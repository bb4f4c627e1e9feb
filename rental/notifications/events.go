package notifications

import (
	"encoding/json"
	"fmt"
	"strings"

	cldr "golang.org/x/text/feature/plural"

	"casarent/server/mail"
)

// The traveller's e-mails of a booking's steps that the database queues
// (rental/supabase/schemas/notifications.sql). Each is one entry of
// events below (its rows and intro) and one entry of Events in each words file
// (subject, title, intro, closing and its own lines); the layout, the greeting
// and the "My booking" button are shared.
const (
	KindBookingRequested = "booking_requested" // a request sent on WhatsApp: received, the agency will confirm it
	KindBookingCancelled = "booking_cancelled" // cancelled by the agency or on "My booking", with the fee and refund
	KindHoldExpired      = "hold_expired"      // a request the agency did not confirm in time
	KindPickupReminder   = "pickup_reminder"   // the day before pickup
)

// eventWords are one event's texts in one language. Subject is a format of the
// reference; Lines are the event's own labels and sentences, by name.
type eventWords struct {
	Subject, Title, Intro, Closing string
	Lines                          map[string]string
}

// eventBooking is the payload of an event's e-mail: the booking, and for a
// cancellation what the database read of it (private.cancellation_facts).
type eventBooking struct {
	booking
	Cancellation *struct {
		By        string   `json:"by"` // traveller | agency
		Fee       *float64 `json:"fee"`
		PaidMAD   *float64 `json:"paid_mad"`
		RefundMAD *float64 `json:"refund_mad"`
	} `json:"cancellation"`
}

// event builds an e-mail's rows and intro from its words.
type event func(w words, e eventWords, b *eventBooking) (rows []line, intro string)

var events = map[string]event{
	KindBookingRequested: func(w words, e eventWords, b *eventBooking) ([]line, string) {
		rows := append(w.tripRows(&b.booking), line{Label: w.Duration, Value: w.count(w.DayCount, b.Days)}, ltr(w.Total, w.dh(b.TotalPrice)))
		if b.HoldExpiresAt != nil {
			rows = append(rows, line{Label: e.Lines["HeldUntil"], Value: w.instant(*b.HoldExpiresAt)})
		}
		return rows, e.Intro
	},
	KindBookingCancelled: func(w words, e eventWords, b *eventBooking) ([]line, string) {
		rows, intro := w.tripRows(&b.booking), e.Intro
		if c := b.Cancellation; c != nil {
			if c.By == "traveller" {
				intro = e.Lines["ByTraveller"]
			}
			if c.Fee != nil && *c.Fee > 0 {
				rows = append(rows, ltr(e.Lines["Fee"], w.dh(*c.Fee)))
			}
			if c.PaidMAD != nil && *c.PaidMAD > 0 {
				rows = append(rows, ltr(w.PaidOnline, w.dh(*c.PaidMAD)))
			}
			if c.RefundMAD != nil && *c.RefundMAD > 0 {
				rows = append(rows, ltr(e.Lines["Refund"], w.dh(*c.RefundMAD)))
			}
		}
		return rows, intro
	},
	KindHoldExpired: func(w words, e eventWords, b *eventBooking) ([]line, string) {
		return w.tripRows(&b.booking), e.Intro
	},
	KindPickupReminder: func(w words, e eventWords, b *eventBooking) ([]line, string) {
		rows := append(w.tripRows(&b.booking), w.arrivalRows(&b.booking)...)
		if q := b.Quote; q != nil {
			if q.DueAtPickup > 0.004 {
				rows = append(rows, ltr(w.Remaining, w.dh(q.DueAtPickup)))
			}
			if q.Deposit > 0 {
				rows = append(rows, ltr(w.Deposit, w.dh(q.Deposit)))
			}
		}
		return rows, e.Intro
	},
}

// renderEvent is the traveller's e-mail of one of events, in the booking's language.
func renderEvent(kind, code string, payload []byte, siteURL string) (mail.Message, error) {
	var b eventBooking
	if err := json.Unmarshal(payload, &b); err != nil {
		return mail.Message{}, err
	}
	w, ok := lang[code]
	if !ok {
		code, w = "fr", lang["fr"]
	}
	e := w.Events[kind]
	rows, intro := events[kind](w, e, &b)
	closing := e.Closing
	if closing == "" {
		closing = w.Closing
	}
	data := confirmation{Lang: code, Dir: w.Dir, Title: e.Title, Hello: fmt.Sprintf(w.Hello, b.CustomerName), Intro: intro,
		Closing: closing, Signature: w.Signature, SiteURL: siteURL, Rows: rows, TextRows: isolated(w, rows),
		Action: w.manage(code, &b.booking, siteURL)}
	if kind == KindPickupReminder {
		data.InfoTitle, data.Info = w.InfoTitle, w.Info
	}
	html, text, err := execute(confirmationHTML, confirmationText, data)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: fmt.Sprintf(e.Subject, b.ref()), HTML: html, Text: text}, nil
}

// plural is a text in each CLDR plural category the language uses ("one",
// "two", "few", "many", "other"; "zero"), "%d" standing for the number:
// French "1 jour", "3 jours"; Arabic "يوم واحد", "يومان", "3 أيام", "11 يومًا", "100 يوم".
type plural map[string]string

var pluralNames = map[cldr.Form]string{
	cldr.Zero: "zero", cldr.One: "one", cldr.Two: "two", cldr.Few: "few", cldr.Many: "many", cldr.Other: "other",
}

// count is n with the form the language's plural rules (golang.org/x/text, CLDR) give it.
func (w words) count(p plural, n int) string {
	form := cldr.Cardinal.MatchPlural(w.tag, n, 0, 0, 0, 0)
	s, ok := p[pluralNames[form]]
	if !ok {
		s = p["other"]
	}
	if strings.Contains(s, "%d") {
		return fmt.Sprintf(s, n)
	}
	return s
}
