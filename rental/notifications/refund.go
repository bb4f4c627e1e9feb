package notifications

import (
	"fmt"

	"casarent/server/mail"
)

// refundedBooking is the payload of the refund e-mails: the booking and the
// refund public.record_paypal_capture decided (reason dates_taken or cancelled).
type refundedBooking struct {
	booking
	Refund struct {
		Reason    string  `json:"reason"`
		Fee       float64 `json:"fee"` // the late-cancellation fee kept (traveller_cancelled_late)
		Amount    float64 `json:"amount"`
		Currency  string  `json:"currency"`
		AmountMAD float64 `json:"amount_mad"`
		CaptureID string  `json:"capture_id"`
	} `json:"refund"`
}

// refundWords are the refund e-mail's texts in one language.
type refundWords struct {
	Subject, Title, DatesTaken, Cancelled, Amount, Closing string
	TravellerCancelled                                     string // the traveller cancelled on "My booking" while it was free
	TravellerCancelledLate                                 string // the same after the free window: %s is the fee kept
}

// renderRefund tells the traveller that a payment which came too late for the
// booking is refunded in full.
func renderRefund(code string, b *refundedBooking, siteURL string) (mail.Message, error) {
	w, ok := lang[code]
	if !ok {
		code, w = "fr", lang["fr"]
	}
	intro := w.Refund.DatesTaken
	switch b.Refund.Reason {
	case "cancelled":
		intro = w.Refund.Cancelled
	case "traveller_cancelled":
		intro = w.Refund.TravellerCancelled
	case "traveller_cancelled_late":
		intro = fmt.Sprintf(w.Refund.TravellerCancelledLate, w.dh(b.Refund.Fee))
	}
	rows := append(w.tripRows(&b.booking),
		ltr(w.Refund.Amount, w.money(b.Refund.Amount, b.Refund.Currency)),
		ltr(w.Transaction, b.Refund.CaptureID))
	data := confirmation{Lang: code, Dir: w.Dir, Title: w.Refund.Title, Hello: fmt.Sprintf(w.Hello, b.CustomerName), Intro: intro,
		Closing: w.Refund.Closing, Signature: w.Signature, SiteURL: siteURL, Rows: rows, TextRows: isolated(w, rows),
		Action: w.manage(code, &b.booking, siteURL)}
	html, text, err := execute(confirmationHTML, confirmationText, data)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: fmt.Sprintf(w.Refund.Subject, b.ref()), HTML: html, Text: text}, nil
}

// renderAgencyRefund tells the agency (in French) that a payment was refunded
// automatically and why; the refund is in the booking's payment ledger.
func renderAgencyRefund(b *refundedBooking, siteURL string) (mail.Message, error) {
	why := "paiement PayPal reçu trop tard : la réservation avait expiré et ses dates ont été réservées entre-temps"
	switch b.Refund.Reason {
	case "cancelled":
		why = "paiement PayPal reçu trop tard : la réservation était annulée"
	case "traveller_cancelled":
		why = "annulation gratuite par le client sur « Ma réservation »"
	case "traveller_cancelled_late":
		why = "annulation tardive par le client sur « Ma réservation », frais de " + dh(b.Refund.Fee) + " retenus"
	}
	rows := []row{
		{"Réservation", b.ref()},
		{"Client", b.CustomerName},
		{"Email", b.CustomerEmail},
		{"Téléphone", b.CustomerPhone},
		{"Dates", fmt.Sprintf("%s → %s", b.StartDate, b.EndDate)},
		{"Motif", why},
		{"Montant remboursé", fmt.Sprintf("%s (%.2f %s)", dh(b.Refund.AmountMAD), b.Refund.Amount, b.Refund.Currency)},
		{"Encaissement PayPal", b.Refund.CaptureID},
	}
	data := agencyMail{Title: "Remboursement automatique d'un paiement PayPal", Link: siteURL + "/admin/bookings",
		LinkLabel: "Voir les réservations", Rows: rows}
	html, text, err := execute(agencyHTML, agencyText, data)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: fmt.Sprintf("Remboursement automatique %s – %s", b.ref(), b.CustomerName), HTML: html, Text: text}, nil
}
