package notifications

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"casarent/server/mail"
)

// "My booking" e-mails, written to the outbox by public.my_booking_request_link and the
// change-request functions (my_booking_change_request, decide_change_request).
const (
	KindBookingLink            = "booking_link"             // to the traveller: the link to the booking's page
	KindChangeRequestDecided   = "change_request_decided"   // to the traveller: the agency accepted or refused other dates
	KindTravellerRequestAgency = "traveller_request_agency" // to the agency: a cancellation or a change request from the page
)

// myBookingWords are the "My booking" e-mails' texts in one language.
type myBookingWords struct {
	LinkSubject, LinkTitle, LinkIntro, LinkButton, LinkValid, LinkIgnore               string
	Manage                                                                             string // the confirmation's line to the page
	DecidedSubject, AcceptedTitle, AcceptedIntro, RefusedTitle, RefusedIntro, NewTotal string
}

// request is a change request or a cancellation as the outbox carries it.
type request struct {
	Kind       string   `json:"kind"`
	State      string   `json:"state"`
	StartDate  string   `json:"start_date"`
	EndDate    string   `json:"end_date"`
	PickupTime string   `json:"pickup_time"`
	ReturnTime string   `json:"return_time"`
	Available  *bool    `json:"available"`
	Message    *string  `json:"message"`
	RefundMAD  *float64 `json:"refund_mad"`
	Quote      *struct {
		Total float64 `json:"total"`
	} `json:"quote"`
	Car *struct {
		Name  string `json:"name"`
		Brand string `json:"brand"`
	} `json:"car"`
}

type linkedBooking struct {
	booking
	Request request `json:"request"`
}

// myBookingURL is the page the link opens, in the booking's language; the token
// travels in the fragment, which browsers do not send to the server.
func myBookingURL(siteURL, code, token string) string {
	u := siteURL + "/my-booking?lang=" + url.QueryEscape(code)
	if token != "" {
		u += "#token=" + url.QueryEscape(token)
	}
	return u
}

// casablanca is the agency's clock, in which the e-mails state times.
var casablanca = func() *time.Location {
	loc, err := time.LoadLocation("Africa/Casablanca")
	if err != nil {
		return time.FixedZone("Africa/Casablanca", 3600)
	}
	return loc
}()

// instant is a timestamp from the database (RFC 3339) on the agency's clock:
// "mardi 24 novembre 2026, 10:30"; as given when it does not parse.
func (w words) instant(s string) string {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return s
	}
	l := t.In(casablanca)
	return w.at(l.Format(time.DateOnly), l.Format("15:04"))
}

// renderBookingLink is the e-mail with the link to the booking's page.
func renderBookingLink(code string, b *linkedBooking, siteURL string) (mail.Message, error) {
	w, ok := lang[code]
	if !ok {
		code, w = "fr", lang["fr"]
	}
	m := w.MyBooking
	var token, until string
	if b.Link != nil {
		token, until = b.Link.Token, w.instant(b.Link.ExpiresAt)
	}
	link := myBookingURL(siteURL, code, token)
	rows := []line{{Label: w.Number, Value: b.ref(), LTR: true}}
	if b.Car != nil {
		rows = append(rows, line{Label: w.Vehicle, Value: strings.TrimSpace(b.Car.Brand + " " + b.Car.Name)})
	}
	rows = append(rows, line{Label: w.Pickup, Value: w.place(b.PickupLocation) + " — " + w.at(b.StartDate, b.PickupTime)})
	data := confirmation{Lang: code, Dir: w.Dir, Title: m.LinkTitle, Hello: fmt.Sprintf(w.Hello, b.CustomerName),
		Intro: m.LinkIntro, Closing: fmt.Sprintf(m.LinkValid, until) + " " + m.LinkIgnore, Signature: w.Signature, SiteURL: siteURL,
		Rows: rows, TextRows: isolated(w, rows), Action: &action{Label: m.LinkButton, URL: link}}
	html, text, err := execute(confirmationHTML, confirmationText, data)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: fmt.Sprintf(m.LinkSubject, b.ref()), HTML: html, Text: text}, nil
}

// renderChangeDecided tells the traveller the agency's answer to other dates or another car.
func renderChangeDecided(code string, b *linkedBooking, siteURL string) (mail.Message, error) {
	w, ok := lang[code]
	if !ok {
		code, w = "fr", lang["fr"]
	}
	m := w.MyBooking
	title, intro := m.RefusedTitle, m.RefusedIntro
	if b.Request.State == "accepted" {
		title, intro = m.AcceptedTitle, m.AcceptedIntro
	}
	r := b.Request
	rows := []line{{Label: w.Number, Value: b.ref(), LTR: true}}
	if r.Car != nil {
		rows = append(rows, line{Label: w.Vehicle, Value: strings.TrimSpace(r.Car.Brand + " " + r.Car.Name)})
	}
	rows = append(rows,
		line{Label: w.Pickup, Value: w.at(r.StartDate, r.PickupTime)},
		line{Label: w.Return, Value: w.at(r.EndDate, r.ReturnTime)})
	if b.Request.State == "accepted" {
		rows = append(rows, ltr(m.NewTotal, w.dh(b.TotalPrice)))
		rows = append(rows, w.settlementRows(&b.booking)...)
	}
	data := confirmation{Lang: code, Dir: w.Dir, Title: title, Hello: fmt.Sprintf(w.Hello, b.CustomerName), Intro: intro,
		Signature: w.Signature, SiteURL: siteURL, Rows: rows, TextRows: isolated(w, rows),
		Action: w.manage(code, &b.booking, siteURL)}
	html, text, err := execute(confirmationHTML, confirmationText, data)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: fmt.Sprintf(m.DecidedSubject, b.ref()), HTML: html, Text: text}, nil
}

// settlementRows say, for a booking paid online, what was paid and what the new
// price leaves: to pay at pickup, or to be refunded by the agency.
func (w words) settlementRows(b *booking) []line {
	q := b.Quote
	if q == nil || (b.PaymentStatus != "paid" && b.PaymentStatus != "partially_refunded") {
		return nil
	}
	rows := []line{ltr(w.PaidOnline, w.dh(q.DueNow)), ltr(w.Remaining, w.dh(q.DueAtPickup))}
	if q.RefundDue != nil && *q.RefundDue > 0 {
		rows = append(rows, ltr(w.RefundDue, w.dh(*q.RefundDue)))
	}
	return rows
}

// renderTravellerRequest tells the agency (in French) of a cancellation made on
// the page or of a change request to decide in the back office.
func renderTravellerRequest(b *linkedBooking, siteURL string) (mail.Message, error) {
	fr := lang["fr"]
	r := b.Request
	rows := []row{
		{"Réservation", b.ref()},
		{"Client", b.CustomerName},
		{"Email", b.CustomerEmail},
		{"Téléphone", b.CustomerPhone},
		{"Dates réservées", fmt.Sprintf("%s %s → %s %s", fr.longDate(b.StartDate), hhmm(b.PickupTime), fr.longDate(b.EndDate), hhmm(b.ReturnTime))},
	}
	title, subject := "Annulation par le client", "Annulation %s – %s"
	if r.Kind == "cancellation" {
		refund := "aucun paiement en ligne à rembourser"
		if r.RefundMAD != nil {
			refund = dh(*r.RefundMAD) + " remboursés sur PayPal"
		}
		rows = append(rows, row{"Remboursement", refund})
	} else {
		title, subject = "Demande de modification à traiter", "Demande de modification %s – %s"
		car := "—"
		if r.Car != nil {
			car = strings.TrimSpace(r.Car.Brand + " " + r.Car.Name)
		}
		free := "non"
		if r.Available != nil && *r.Available {
			free = "oui"
		}
		rows = append(rows, row{"Véhicule demandé", car},
			row{"Dates demandées", fmt.Sprintf("%s %s → %s %s", fr.longDate(r.StartDate), hhmm(r.PickupTime), fr.longDate(r.EndDate), hhmm(r.ReturnTime))},
			row{"Disponible", free})
		if r.Quote != nil {
			rows = append(rows, row{"Nouveau total", dh(r.Quote.Total)})
		}
	}
	msg := ""
	if r.Message != nil {
		msg = *r.Message
	}
	data := agencyMail{Title: title, Link: siteURL + "/admin/requests", LinkLabel: "Voir les demandes", Rows: rows, Message: msg}
	html, text, err := execute(agencyHTML, agencyText, data)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: fmt.Sprintf(subject, b.ref(), b.CustomerName), HTML: html, Text: text}, nil
}

// isolated is rows for the plain-text part: left-to-right values isolated in Arabic.
func isolated(w words, rows []line) []line {
	out := make([]line, len(rows))
	for i, r := range rows {
		out[i] = r
		if r.LTR {
			out[i].Value = w.isolate(r.Value)
		}
	}
	return out
}
