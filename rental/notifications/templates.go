package notifications

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"io/fs"
	"math"
	"path"
	"sort"
	"strings"
	texttemplate "text/template"
	"time"

	"golang.org/x/text/language"

	"casarent/server/mail"
)

// Outbox kinds: the values of public.notification_outbox.kind that the triggers write.
const (
	KindBookingCreated   = "booking_created"   // to the agency
	KindContactCreated   = "contact_created"   // to the agency
	KindBookingConfirmed = "booking_confirmed" // to the customer, in the booking's language
	// A PayPal payment that reached a booking which could no longer take it is refunded (refund.go).
	KindPaymentRefunded       = "payment_refunded"        // to the customer, in the booking's language
	KindPaymentRefundedAgency = "payment_refunded_agency" // to the agency
)

// booking is the outbox payload of a booking (the row as JSON, plus its car).
type booking struct {
	ID             string          `json:"id"`
	CustomerName   string          `json:"customer_name"`
	CustomerEmail  string          `json:"customer_email"`
	CustomerPhone  string          `json:"customer_phone"`
	StartDate      string          `json:"start_date"`
	EndDate        string          `json:"end_date"`
	PickupTime     string          `json:"pickup_time"`
	ReturnTime     string          `json:"return_time"`
	PickupLocation string          `json:"pickup_location"`
	ReturnLocation string          `json:"return_location"`
	Insurance      string          `json:"insurance_type"`
	Extras         map[string]bool `json:"extras"`
	PaymentOption  string          `json:"payment_option"`
	Language       string          `json:"language"`
	Days           int             `json:"days"`
	TotalPrice     float64         `json:"total_price"`
	PaymentMethod  *string         `json:"payment_method"`
	PaymentID      *string         `json:"payment_id"`
	PaymentStatus  string          `json:"payment_status"`
	Status         string          `json:"status"`
	AmountDueNow   *float64        `json:"amount_due_now"`
	ChargeAmount   *float64        `json:"charge_amount"`
	ChargeCurrency *string         `json:"charge_currency"`
	CreatedAt      string          `json:"created_at"`
	HoldExpiresAt  *string         `json:"hold_expires_at"`
	Reference      string          `json:"reference"`
	// Link is the "My booking" link the database put in every e-mail to the
	// booking's address (trigger notification_outbox_my_booking_link).
	Link  *mailLink `json:"link"`
	Quote *quote    `json:"quote"`
	// How the traveller arrives: the flight the agency meets, the hotel a car is delivered to or collected from.
	FlightNumber *string `json:"flight_number"`
	HotelName    *string `json:"hotel_name"`
	HotelAddress *string `json:"hotel_address"`
	// TermsVersion is the version of the rental terms the traveller accepted (null for a booking the agency recorded).
	TermsVersion *string `json:"terms_version"`
	// ExtraKeys is the price list's extras in its order (booking_options).
	ExtraKeys []string `json:"extra_keys"`
	// PaymentTerms are the booking's payment option's terms (payment_options).
	PaymentTerms *struct {
		DiscountPercent int `json:"discount_percent"`
		DueNowPercent   int `json:"due_now_percent"`
	} `json:"payment_terms"`
	Car *struct {
		Name     string `json:"name"`
		Brand    string `json:"brand"`
		Category string `json:"category"`
	} `json:"car"`
}

// mailLink is a "My booking" token and when it stops opening the booking.
type mailLink struct {
	Token     string `json:"token"`
	ExpiresAt string `json:"expires_at"`
}

// manage is the e-mail's button to the booking's page: opened at once by the
// link's token, or the bare page (reference and e-mail asked) for a payload without one.
func (w words) manage(code string, b *booking, siteURL string) *action {
	token := ""
	if b.Link != nil {
		token = b.Link.Token
	}
	return &action{Label: w.MyBooking.Manage, URL: myBookingURL(siteURL, code, token)}
}

// quote is the breakdown the database stored with the booking (bookings.quote).
type quote struct {
	Base      float64 `json:"base"`
	Insurance float64 `json:"insurance"`
	Extras    float64 `json:"extras"`
	Discount  float64 `json:"discount"`
	// Channel is "online" (a PayPal booking) or "agency" (paid there: no online discount); empty in older quotes.
	Channel     string  `json:"channel"`
	Total       float64 `json:"total"`
	DueNow      float64 `json:"due_now"`
	DueAtPickup float64 `json:"due_at_pickup"`
	Deposit     float64 `json:"deposit"`
	// RefundDue is set on a booking paid online and re-priced below what was paid:
	// what the agency owes back (DueNow is then what was paid).
	RefundDue *float64 `json:"refund_due"`
	// FreeCancellationUntil is a local (Casablanca) timestamp, "2026-12-23T09:30:00";
	// empty when the window was already over when quoted (FreeCancellationOver).
	FreeCancellationUntil string `json:"free_cancellation_until"`
	FreeCancellationOver  bool   `json:"free_cancellation_over"`
	// The key facts of the car's category, as the quote stated them; nil in a
	// quote stored before it carried them. MileageKmPerDay is the raw value: JSON
	// null means unlimited, absent means not stated.
	LateCancellationFee *float64        `json:"late_cancellation_fee"`
	Excess              *float64        `json:"excess"`
	MileageKmPerDay     json.RawMessage `json:"mileage_km_per_day"`
	ExtraKmPrice        *float64        `json:"extra_km_price"` // DH per km past a limited mileage
	FuelPolicy          *string         `json:"fuel_policy"`
	MinDriverAge        *int            `json:"min_driver_age"`
	MinLicenceYears     *int            `json:"min_licence_years"`
}

// ref is what customers and staff quote: the database's reference (CR-XXXXX),
// or for a booking made before references existed the first 8 characters of its id.
func (b *booking) ref() string {
	if b.Reference != "" {
		return b.Reference
	}
	return Number(b.ID)
}

// extraName is the site's name of an extra, or its key when the site has none.
func (w words) extraName(key string) string {
	if n, ok := w.ExtraNames[key]; ok {
		return n
	}
	return key
}

// ordered lists the chosen extras in the language ("" when none), in the price
// list's order (keys, from the payload); an extra the list does not name (a
// payload written before it carried the list) follows, in key order.
func (w words) ordered(extras map[string]bool, keys []string) string {
	var names []string
	seen := map[string]bool{}
	for _, k := range keys {
		seen[k] = true
		if extras[k] {
			names = append(names, w.extraName(k))
		}
	}
	var rest []string
	for k, on := range extras {
		if on && !seen[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	for _, k := range rest {
		names = append(names, w.extraName(k))
	}
	return strings.Join(names, w.comma())
}

// comma separates the items of a list: the Arabic comma in Arabic.
func (w words) comma() string {
	if w.Dir == "rtl" {
		return "، "
	}
	return ", "
}

type contact struct {
	ID        string  `json:"id"`
	Name      string  `json:"name"`
	Email     string  `json:"email"`
	Phone     *string `json:"phone"`
	Subject   string  `json:"subject"`
	Message   string  `json:"message"`
	CreatedAt string  `json:"created_at"`
}

// Render builds the email of an outbox row (To is left to the caller).
func Render(kind, lang string, payload []byte, siteURL string) (mail.Message, error) {
	if _, ok := events[kind]; ok {
		return renderEvent(kind, lang, payload, siteURL)
	}
	switch kind {
	case KindBookingConfirmed:
		var b booking
		if err := json.Unmarshal(payload, &b); err != nil {
			return mail.Message{}, err
		}
		return renderConfirmation(lang, &b, siteURL)
	case KindBookingCreated:
		var b booking
		if err := json.Unmarshal(payload, &b); err != nil {
			return mail.Message{}, err
		}
		return renderAgencyBooking(&b, siteURL)
	case KindPaymentRefunded, KindPaymentRefundedAgency:
		var b refundedBooking
		if err := json.Unmarshal(payload, &b); err != nil {
			return mail.Message{}, err
		}
		if kind == KindPaymentRefunded {
			return renderRefund(lang, &b, siteURL)
		}
		return renderAgencyRefund(&b, siteURL)
	case KindBookingLink, KindChangeRequestDecided, KindTravellerRequestAgency:
		var b linkedBooking
		if err := json.Unmarshal(payload, &b); err != nil {
			return mail.Message{}, err
		}
		switch kind {
		case KindBookingLink:
			return renderBookingLink(lang, &b, siteURL)
		case KindChangeRequestDecided:
			return renderChangeDecided(lang, &b, siteURL)
		}
		return renderTravellerRequest(&b, siteURL)
	case KindReviewRequest:
		var b invitedBooking
		if err := json.Unmarshal(payload, &b); err != nil {
			return mail.Message{}, err
		}
		return renderReviewRequest(lang, &b, siteURL)
	case KindContactCreated:
		var c contact
		if err := json.Unmarshal(payload, &c); err != nil {
			return mail.Message{}, err
		}
		return renderAgencyContact(&c, siteURL)
	}
	return mail.Message{}, fmt.Errorf("%w: %q", ErrUnknownKind, kind)
}

// Number is the booking number shown to customers: the first 8 characters of the id (SPEC).
func Number(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

// words are the customer email's texts in one language.
type words struct {
	Dir, Subject, Title, Hello, Intro, Number, Vehicle, Pickup, Return, Duration,
	Total, PaidOnline, Remaining, RefundDue, Method, Transaction, InfoTitle, Closing, Signature string
	Insurance, Extras, NoExtras, CarRental, InsuranceCost, ExtrasCost, Discount, Deposit string
	FreeCancellation, LateCancellation, LateCancellationFree                             string
	FreeCancellationOver                                                                 string // the window was already over at booking: cancelling costs the fee from the start
	Excess, Mileage, MileageUnlimited, KmPerDay, ExtraKm, Fuel, Driver, DriverMinimum    string // Excess, KmPerDay, ExtraKm and DriverMinimum (age, licence years) are formats
	DayCount, AgeYears, LicenceYears                                                     plural // "3 jours", "21 ans", "2 ans"
	Flight, Hotel                                                                        string // the site's words (locales myBooking.flight, booking.hotel)
	FuelPolicies                                                                         map[string]string
	InsuranceNames                                                                       map[string]string // the site's names (locales booking.insurances.*.name)
	ExtraNames                                                                           map[string]string // the site's names (locales booking.extras)
	Info                                                                                 []string
	Places                                                                               map[string]string // stored (French) place names in this language; absent: as stored
	Days                                                                                 [7]string
	Months                                                                               [12]string
	DateForm                                                                             string // "%[1]s %[2]d %[3]s %[4]d": weekday, day, month, year
	Group, Decimal                                                                       string // how the site's locale (docs/languages.md: fr-MA, en-GB, ar-MA with Latin digits) writes 1.283,50
	Refund                                                                               refundWords
	MyBooking                                                                            myBookingWords
	Events                                                                               map[string]eventWords // the traveller's e-mail of each event (events.go)
	Review                                                                               reviewWords

	tag language.Tag // the language's CLDR plural rules
}

// lang holds the customer email's texts by language code, one catalogue per
// language in words/<code>.json (the site's are frontend/locales/*.json).
var lang = loadWords()

//go:embed words/*.json
var wordFiles embed.FS

// loadWords reads the catalogues; a broken one (or a misspelt key) is a
// programming error, caught by any test of this package.
func loadWords() map[string]words {
	names, err := fs.Glob(wordFiles, "words/*.json")
	if err != nil {
		panic(err)
	}
	out := map[string]words{}
	for _, name := range names {
		raw, err := wordFiles.ReadFile(name)
		if err != nil {
			panic(err)
		}
		var w words
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&w); err != nil {
			panic(fmt.Sprintf("notifications: %s: %v", name, err))
		}
		code := strings.TrimSuffix(path.Base(name), ".json")
		w.tag = language.MustParse(code)
		out[code] = w
	}
	return out
}

// place gives a stored place name (the site stores them in French) in the language.
func (w words) place(p string) string {
	if v, ok := w.Places[p]; ok {
		return v
	}
	return p
}

// longDate renders 2026-11-24 as "mardi 24 novembre 2026" in the language.
func (w words) longDate(s string) string {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return fmt.Sprintf(w.DateForm, w.Days[t.Weekday()], t.Day(), w.Months[t.Month()-1], t.Year())
}

// at is a date and a time ("10:00:00" or "10:00"): "mardi 24 novembre 2026, 10:00",
// with the Arabic comma in Arabic.
func (w words) at(date, clock string) string {
	return w.longDate(date) + w.comma() + hhmm(clock)
}

// hhmm renders "10:00:00" as "10:00".
func hhmm(s string) string {
	if len(s) >= 5 {
		return s[:5]
	}
	return s
}

// dh formats an amount in dirhams as fr-FR does: "1 688 DH", "890,50 DH".
func dh(v float64) string { return frNumber(v) + " DH" }

// number writes v as the site writes it in the language ("1.283", "890,50" in fr
// and ar, "1,283", "890.50" in en); centimes when there are some, or always with cents.
func (w words) number(v float64, cents bool) string {
	c := int64(math.Round(v * 100))
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	whole, frac := fmt.Sprint(c/100), c%100
	var b strings.Builder
	b.WriteString(sign)
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(w.Group)
		}
		b.WriteRune(r)
	}
	if frac != 0 || cents {
		fmt.Fprintf(&b, "%s%02d", w.Decimal, frac)
	}
	return b.String()
}

// dh is an amount in dirhams in the customer's language: "1.688 DH", "890.50 DH".
func (w words) dh(v float64) string { return w.number(v, false) + " DH" }

// money is an amount in a payment currency, always with centimes: "26,39 EUR".
func (w words) money(v float64, currency string) string { return w.number(v, true) + " " + currency }

// isolate wraps a left-to-right value (an amount, a reference) in U+2066/U+2069
// for the plain-text part of an Arabic email, where the bidi algorithm would
// otherwise draw "1.283 DH" as "DH 1.283"; French and English text gets no mark.
func (w words) isolate(s string) string {
	if w.Dir == "rtl" {
		return "\u2066" + s + "\u2069"
	}
	return s
}

// frNumber is the agency's (French, as the back office writes it: fr-FR).
func frNumber(v float64) string {
	cents := int64(math.Round(v * 100))
	whole, frac := cents/100, cents%100
	s := fmt.Sprint(whole)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteRune('\u202f') // fr-FR groups thousands with a narrow no-break space
		}
		b.WriteRune(r)
	}
	if frac != 0 {
		fmt.Fprintf(&b, ",%02d", frac)
	}
	return b.String()
}

type row struct{ Label, Value string }

// agencyRows are the traveller's lines in the agency's e-mail, which marks no direction.
func agencyRows(lines []line) []row {
	rows := make([]row, len(lines))
	for i, l := range lines {
		rows[i] = row{l.Label, l.Value}
	}
	return rows
}

// line is one line of the customer's email; LTR marks a value that reads left to
// right whatever the language (amounts, references): <bdi dir="ltr"> in HTML.
type line struct {
	Label, Value string
	LTR          bool
}

// ltr is a line whose value reads left to right.
func ltr(label, value string) line { return line{Label: label, Value: value, LTR: true} }

// tripRows are the first lines of the traveller's e-mails about a booking: its
// reference, the car, where and when it is picked up and returned.
func (w words) tripRows(b *booking) []line {
	vehicle := "—"
	if b.Car != nil {
		vehicle = strings.TrimSpace(b.Car.Brand + " " + b.Car.Name)
	}
	return []line{
		ltr(w.Number, b.ref()),
		{Label: w.Vehicle, Value: vehicle},
		{Label: w.Pickup, Value: w.place(b.PickupLocation) + " — " + w.at(b.StartDate, b.PickupTime)},
		{Label: w.Return, Value: w.place(b.ReturnLocation) + " — " + w.at(b.EndDate, b.ReturnTime)},
	}
}

// arrivalRows are the flight and the hotel the traveller gave, when given.
func (w words) arrivalRows(b *booking) []line {
	var rows []line
	if b.FlightNumber != nil && *b.FlightNumber != "" {
		rows = append(rows, ltr(w.Flight, *b.FlightNumber))
	}
	var hotel []string
	for _, p := range []*string{b.HotelName, b.HotelAddress} {
		if p != nil && strings.TrimSpace(*p) != "" {
			hotel = append(hotel, strings.TrimSpace(*p))
		}
	}
	if len(hotel) > 0 {
		rows = append(rows, line{Label: w.Hotel, Value: strings.Join(hotel, w.comma())})
	}
	return rows
}

type confirmation struct {
	Lang, Dir, Title, Hello, Intro, InfoTitle, Closing, Signature, SiteURL string
	Rows, TextRows                                                         []line
	Info                                                                   []string
	Action                                                                 *action // a link under the rows
}

// action is a link the e-mail offers (a button in HTML, a line in text).
type action struct{ Label, URL string }

func renderConfirmation(code string, b *booking, siteURL string) (mail.Message, error) {
	w, ok := lang[code]
	if !ok {
		code, w = "fr", lang["fr"]
	}
	extras := w.ordered(b.Extras, b.ExtraKeys)
	if extras == "" {
		extras = w.NoExtras
	}
	rows := append(append(w.tripRows(b), w.arrivalRows(b)...),
		line{Label: w.Duration, Value: w.count(w.DayCount, b.Days)},
		line{Label: w.Insurance, Value: w.InsuranceNames[b.Insurance]},
		line{Label: w.Extras, Value: extras})
	if q := b.Quote; q != nil {
		rows = append(rows, ltr(w.CarRental, w.dh(q.Base)), ltr(w.InsuranceCost, w.dh(q.Insurance)), ltr(w.ExtrasCost, w.dh(q.Extras)))
		if q.Discount > 0 {
			rows = append(rows, ltr(w.Discount, "−"+w.dh(q.Discount)))
		}
	}
	rows = append(rows, ltr(w.Total, w.dh(b.TotalPrice)))
	paidOnline := 0.0
	if b.PaymentStatus == "paid" && b.AmountDueNow != nil {
		paidOnline = *b.AmountDueNow
		paid := w.dh(paidOnline)
		if b.ChargeAmount != nil && b.ChargeCurrency != nil {
			paid += " (" + w.money(*b.ChargeAmount, *b.ChargeCurrency) + ")"
		}
		rows = append(rows, ltr(w.PaidOnline, paid))
	}
	if rest := b.TotalPrice - paidOnline; rest > 0.004 {
		rows = append(rows, ltr(w.Remaining, w.dh(rest)))
	}
	if b.Quote != nil && len(b.Quote.FreeCancellationUntil) >= 16 {
		at := b.Quote.FreeCancellationUntil
		rows = append(rows, line{Label: w.FreeCancellation, Value: w.at(at[:10], at[11:16])})
	}
	if b.Quote != nil {
		rows = append(rows, w.keyFacts(b.Quote, b.Insurance)...)
	}
	if b.Quote != nil && b.Quote.Deposit > 0 {
		rows = append(rows, ltr(w.Deposit, w.dh(b.Quote.Deposit)))
	}
	if b.PaymentMethod != nil && *b.PaymentMethod != "" {
		method := *b.PaymentMethod
		if method == "paypal" {
			method = "PayPal"
		}
		rows = append(rows, line{Label: w.Method, Value: method})
	}
	if b.PaymentID != nil && *b.PaymentID != "" {
		rows = append(rows, ltr(w.Transaction, *b.PaymentID))
	}
	data := confirmation{Lang: code, Dir: w.Dir, Title: w.Title, Hello: fmt.Sprintf(w.Hello, b.CustomerName), Intro: w.Intro,
		InfoTitle: w.InfoTitle, Closing: w.Closing, Signature: w.Signature, SiteURL: siteURL, Rows: rows, TextRows: isolated(w, rows), Info: w.Info,
		Action: w.manage(code, b, siteURL)}
	html, text, err := execute(confirmationHTML, confirmationText, data)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: fmt.Sprintf(w.Subject, b.ref()), HTML: html, Text: text}, nil
}

// The mails' layouts are files in templates/, as auth's are: traveller.* for
// every e-mail to the traveller (in the booking's language), agency.* for the
// agency's (French). A broken one stops the program at start, and any test of
// this package.
//
//go:embed templates
var templateFiles embed.FS

var (
	confirmationHTML = htmltemplate.Must(htmltemplate.ParseFS(templateFiles, "templates/traveller.html"))
	confirmationText = texttemplate.Must(texttemplate.ParseFS(templateFiles, "templates/traveller.txt"))
	agencyHTML       = htmltemplate.Must(htmltemplate.ParseFS(templateFiles, "templates/agency.html"))
	agencyText       = texttemplate.Must(texttemplate.ParseFS(templateFiles, "templates/agency.txt"))
)

func execute(h *htmltemplate.Template, t *texttemplate.Template, data any) (string, string, error) {
	var hb, tb bytes.Buffer
	if err := h.Execute(&hb, data); err != nil {
		return "", "", err
	}
	if err := t.Execute(&tb, data); err != nil {
		return "", "", err
	}
	return hb.String(), tb.String(), nil
}

type agencyMail struct {
	Title, Link, LinkLabel, Message string
	Rows                            []row
}

// optionName is the booking's payment option for the agency, with the terms the
// database gave it (payment_options): "Paiement total (−10 %)".
func optionName(b *booking) string {
	name := map[string]string{"full": "Paiement total", "half": "Paiement partiel", "reserve": "Réservation"}[b.PaymentOption]
	if name == "" {
		name = b.PaymentOption
	}
	t := b.PaymentTerms
	switch {
	case b.Quote != nil && b.Quote.Channel == "agency": // the option's terms are for paying online
		return name + ", à payer à l'agence (sans remise en ligne)"
	case t == nil:
		return name
	case t.DiscountPercent > 0:
		return fmt.Sprintf("%s, %d %% d'avance (−%d %%)", name, t.DueNowPercent, t.DiscountPercent)
	default:
		return fmt.Sprintf("%s, %d %% d'avance", name, t.DueNowPercent)
	}
}

// renderAgencyBooking is the agency's "new booking" email (French, the agency's language).
func renderAgencyBooking(b *booking, siteURL string) (mail.Message, error) {
	fr := lang["fr"]
	vehicle := "—"
	if b.Car != nil {
		vehicle = fmt.Sprintf("%s %s (%s)", b.Car.Brand, b.Car.Name, b.Car.Category)
	}
	extras := fr.ordered(b.Extras, b.ExtraKeys)
	if extras == "" {
		extras = fr.NoExtras
	}
	method, payment := "—", b.PaymentStatus
	if b.PaymentMethod != nil {
		method = *b.PaymentMethod
	}
	if b.PaymentStatus == "paid" && b.AmountDueNow != nil {
		payment = "payé en ligne : " + dh(*b.AmountDueNow)
		if b.ChargeAmount != nil && b.ChargeCurrency != nil {
			payment += fmt.Sprintf(" (%.2f %s)", *b.ChargeAmount, *b.ChargeCurrency)
		}
		if b.PaymentID != nil {
			payment += ", transaction " + *b.PaymentID
		}
	}
	rows := []row{
		{"Réservation", b.ref()},
		{"Client", b.CustomerName},
		{"Email", b.CustomerEmail},
		{"Téléphone", b.CustomerPhone},
		{"Véhicule", vehicle},
		{"Prise en charge", b.PickupLocation + " — " + fr.at(b.StartDate, b.PickupTime)},
		{"Restitution", b.ReturnLocation + " — " + fr.at(b.EndDate, b.ReturnTime)},
	}
	rows = append(rows, agencyRows(fr.arrivalRows(b))...)
	rows = append(rows, []row{
		{"Durée", fr.count(fr.DayCount, b.Days)},
		{"Assurance", fr.InsuranceNames[b.Insurance]},
		{"Options", extras},
		{"Formule", optionName(b)},
	}...)
	if q := b.Quote; q != nil {
		rows = append(rows, row{"Location du véhicule", dh(q.Base)}, row{"Assurance (montant)", dh(q.Insurance)},
			row{"Options (montant)", dh(q.Extras)})
		if q.Discount > 0 {
			rows = append(rows, row{"Remise", "−" + dh(q.Discount)})
		}
	}
	rows = append(rows, row{"Montant total", dh(b.TotalPrice)})
	if q := b.Quote; q != nil {
		rows = append(rows, row{"À payer d'avance", dh(q.DueNow)}, row{"À payer à la prise en charge", dh(q.DueAtPickup)},
			row{"Caution", dh(q.Deposit)})
		rows = append(rows, agencyRows(fr.keyFacts(q, b.Insurance))...)
	}
	if b.TermsVersion != nil {
		rows = append(rows, row{"Conditions de location", "acceptées (version " + *b.TermsVersion + ")"})
	}
	rows = append(rows, []row{
		{"Canal / paiement", method + " — " + payment},
		{"Statut", b.Status},
		{"Langue du client", b.Language},
	}...)
	data := agencyMail{Title: "Nouvelle réservation", Link: siteURL + "/admin/bookings", LinkLabel: "Voir les réservations", Rows: rows}
	html, text, err := execute(agencyHTML, agencyText, data)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: fmt.Sprintf("Nouvelle réservation %s – %s – %s", b.ref(), b.CustomerName, vehicle), HTML: html, Text: text}, nil
}

// renderAgencyContact is the agency's "new contact message" email.
func renderAgencyContact(c *contact, siteURL string) (mail.Message, error) {
	phone := "—"
	if c.Phone != nil && *c.Phone != "" {
		phone = *c.Phone
	}
	rows := []row{{"Nom", c.Name}, {"Email", c.Email}, {"Téléphone", phone}, {"Sujet", c.Subject}}
	data := agencyMail{Title: "Nouveau message de contact", Link: siteURL + "/admin/contacts", LinkLabel: "Voir les messages", Rows: rows, Message: c.Message}
	html, text, err := execute(agencyHTML, agencyText, data)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: "Nouveau message de contact : " + c.Subject, HTML: html, Text: text}, nil
}

// keyFacts are the rows of what the quote stated besides the price: what a
// cancellation after the free date costs, the chosen insurance's excess,
// mileage, fuel and the driver's minimums (a row only for what it stated).
func (w words) keyFacts(q *quote, insurance string) []line {
	var rows []line
	if q.LateCancellationFee != nil && q.FreeCancellationOver && q.FreeCancellationUntil == "" {
		// No free moment was promised: the cost applies from the booking on.
		rows = append(rows, line{Label: w.FreeCancellationOver, Value: w.dh(*q.LateCancellationFee), LTR: true})
	} else if q.LateCancellationFee != nil {
		cost := line{Label: w.LateCancellation, Value: w.LateCancellationFree}
		if *q.LateCancellationFee > 0 {
			cost = line{Label: w.LateCancellation, Value: w.dh(*q.LateCancellationFee), LTR: true}
		}
		rows = append(rows, cost)
	}
	if q.Excess != nil {
		rows = append(rows, line{Label: fmt.Sprintf(w.Excess, w.InsuranceNames[insurance]), Value: w.dh(*q.Excess), LTR: true})
	}
	if len(q.MileageKmPerDay) > 0 {
		mileage := w.MileageUnlimited
		var km float64
		if json.Unmarshal(q.MileageKmPerDay, &km) == nil && km > 0 {
			mileage = fmt.Sprintf(w.KmPerDay, w.number(km, false))
			if q.ExtraKmPrice != nil {
				mileage += fmt.Sprintf(w.ExtraKm, w.isolate(w.dh(*q.ExtraKmPrice)))
			}
		}
		rows = append(rows, line{Label: w.Mileage, Value: mileage})
	}
	if q.FuelPolicy != nil {
		if p, ok := w.FuelPolicies[*q.FuelPolicy]; ok {
			rows = append(rows, line{Label: w.Fuel, Value: p})
		}
	}
	if q.MinDriverAge != nil && q.MinLicenceYears != nil {
		rows = append(rows, line{Label: w.Driver, Value: fmt.Sprintf(w.DriverMinimum, w.count(w.AgeYears, *q.MinDriverAge), w.count(w.LicenceYears, *q.MinLicenceYears))})
	}
	return rows
}
