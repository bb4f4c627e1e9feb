package notifications

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"casarent/server/mail"
)

// KindReviewRequest invites the traveller, once the rental is completed, to rate
// the car through a signed link (the trigger bookings_review_invitation in
// rental/supabase/schemas/reviews.sql; docs/reviews.md).
const KindReviewRequest = "review_request" // to the traveller, in the booking's language

// reviewWords are the review invitation's texts in one language.
type reviewWords struct {
	Subject, Title, Intro, Button, Valid, Moderated string // Subject: the car; Valid: until when
}

// invitedBooking is the invitation's payload: the booking and its review link.
type invitedBooking struct {
	booking
	Review struct {
		Token     string `json:"token"`
		ExpiresAt string `json:"expires_at"`
	} `json:"review"`
}

// reviewURL is the page the link opens, in the booking's language; the token
// travels in the fragment, as "My booking"'s does.
func reviewURL(siteURL, code, token string) string {
	return siteURL + "/review?lang=" + url.QueryEscape(code) + "#token=" + url.QueryEscape(token)
}

// renderReviewRequest asks the traveller to rate the car of a completed rental.
func renderReviewRequest(code string, b *invitedBooking, siteURL string) (mail.Message, error) {
	w, ok := lang[code]
	if !ok {
		code, w = "fr", lang["fr"]
	}
	r := w.Review
	car := "—"
	if b.Car != nil {
		car = strings.TrimSpace(b.Car.Brand + " " + b.Car.Name)
	}
	until := b.Review.ExpiresAt
	if t, err := time.Parse(time.RFC3339Nano, b.Review.ExpiresAt); err == nil {
		until = w.longDate(t.In(casablanca).Format(time.DateOnly))
	}
	rows := []line{
		ltr(w.Number, b.ref()),
		{Label: w.Vehicle, Value: car},
		{Label: w.Pickup, Value: fmt.Sprintf("%s, %s", w.longDate(b.StartDate), hhmm(b.PickupTime))},
		{Label: w.Return, Value: fmt.Sprintf("%s, %s", w.longDate(b.EndDate), hhmm(b.ReturnTime))},
	}
	data := confirmation{Lang: code, Dir: w.Dir, Title: r.Title, Hello: fmt.Sprintf(w.Hello, b.CustomerName),
		Intro: fmt.Sprintf(r.Intro, car), Closing: fmt.Sprintf(r.Valid, until) + " " + r.Moderated, Signature: w.Signature,
		SiteURL: siteURL, Rows: rows, TextRows: isolated(w, rows),
		Action: &action{Label: r.Button, URL: reviewURL(siteURL, code, b.Review.Token)}}
	html, text, err := execute(confirmationHTML, confirmationText, data)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: fmt.Sprintf(r.Subject, car), HTML: html, Text: text}, nil
}
