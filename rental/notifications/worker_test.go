package notifications_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"html/template"
	"strings"
	"sync"
	"testing"
	"time"

	"casarent/rental/config"
	"casarent/rental/notifications"
	"casarent/server/mail"
	"casarent/server/mail/mailtest"
	"casarent/server/pgrole"
	"casarent/server/pgtest"
)

const agency = "agence@casarent.test"

type env struct {
	t    *testing.T
	db   *pgtest.DB
	sink *mailtest.Sink
	deps notifications.Deps
	car  int64
}

func newEnv(t *testing.T) *env {
	t.Helper()
	db := pgtest.New(t)
	sink, err := mailtest.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sink.Close() })
	e := &env{t: t, db: db, sink: sink}
	e.deps = notifications.Deps{
		Pool: db.Pool, AgencyEmail: agency, SiteURL: "http://site.test",
		Mailer: mail.NewSMTP(mail.SMTPConfig{Host: sink.Host(), Port: sink.Port(), From: "noreply@casarent.test", TLS: "none", Timeout: 3 * time.Second}),
		Config: config.Outbox{PollInterval: time.Minute, BatchSize: 50, MaxBackoff: time.Hour, Lease: time.Minute},
	}
	err = db.Admin.QueryRow(context.Background(), `insert into public.cars
		(name, brand, category, price, image, seats, transmission, fuel, rating)
		values ('Clio 5', 'Renault', 'Compact', 300, 'https://img.test/c.jpg', 5, 'manual', 'diesel', 4.5) returning id`).Scan(&e.car)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// asAnon runs sql as a visitor of the site (the anon role, through RLS; a
// visitor may insert but not read back).
func (e *env) asAnon(sql string, args ...any) {
	e.t.Helper()
	err := pgrole.Do(context.Background(), e.db.Pool, pgtest.As("anon", ""), func(c pgrole.Conn) error {
		_, err := c.Exec(context.Background(), sql, args...)
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
}

func uuid(t *testing.T) string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// book inserts a chat booking as the site does, 2026-12-24 to 2026-12-27, each on
// a Clio of its own (one car cannot be booked twice for the same dates).
func (e *env) book(lang, email string) string {
	id := uuid(e.t)
	var car int64
	if err := e.db.Admin.QueryRow(context.Background(), `insert into public.cars
		(name, brand, category, price, image, seats, transmission, fuel, rating)
		values ('Clio 5', 'Renault', 'Compact', 300, 'https://img.test/c.jpg', 5, 'manual', 'diesel', 4.5) returning id`).Scan(&car); err != nil {
		e.t.Fatal(err)
	}
	e.asAnon(`insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date,
		pickup_time, return_time, pickup_location, return_location, language, payment_method, extras, insurance_type)
		values ($4, $1, 'Client '||$2, $3, '+212611111111', '2026-12-24', '2026-12-27', '09:30', '10:15',
		'Aéroport Mohammed V', 'Gare Casa-Port', $2, 'whatsapp', '{"gps": true, "childSeat": true}', 'premium')`, car, lang, email, id)
	return id
}

func (e *env) confirm(id string) {
	e.t.Helper()
	if _, err := e.db.Admin.Exec(context.Background(), `update public.bookings set status = 'confirmed' where id = $1`, id); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) contact(subject string) {
	e.asAnon(`insert into public.contacts (name, email, phone, subject, message)
		values ('Youssef', 'youssef@example.com', '', $1, 'Bonjour,
avez-vous un SUV pour demain ?')`, subject)
}

func (e *env) runOnce() int {
	e.t.Helper()
	n, err := notifications.RunOnce(context.Background(), e.deps)
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

func (e *env) wait(rcpt string, n int) []mailtest.Message {
	e.t.Helper()
	return e.sink.Received(e.t, rcpt, n)
}

func TestAgencyAndCustomerEmails(t *testing.T) {
	e := newEnv(t)
	ids := map[string]string{}
	for _, lang := range []string{"fr", "en", "ar"} {
		ids[lang] = e.book(lang, lang+"@example.com")
	}
	e.contact("SUV demain")
	// A request sent on WhatsApp: the agency is told, and the traveller that it is received.
	if n := e.runOnce(); n != 7 {
		t.Fatalf("claimed %d rows, want 3 bookings + 1 contact + 3 travellers' receipts", n)
	}
	agencyMails := e.wait(agency, 4)
	var bookingMails, contactMails int
	for _, m := range agencyMails {
		switch {
		case strings.HasPrefix(m.Subject, "Nouvelle réservation CR-"):
			bookingMails++
			// What was ordered and what is due, for the agency.
			for _, part := range []string{"+212611111111", "Renault Clio 5", "Premium", "GPS, Siège enfant", "Location du véhicule: 900 DH",
				"Assurance (montant): 225 DH", "Options (montant): 300 DH", "Montant total: 1\u202f425 DH",
				"À payer d'avance: 0 DH", "À payer à la prise en charge: 1\u202f425 DH", "Caution: 4\u202f000 DH"} {
				if !strings.Contains(m.Text, part) {
					t.Errorf("agency booking mail lacks %q: %s", part, m.Text)
				}
			}
			// A WhatsApp request pays at the agency: no online discount.
			if strings.Contains(m.Text, "Remise") {
				t.Errorf("agency mail of a WhatsApp request states a discount: %s", m.Text)
			}
			if ref := m.Subject[len("Nouvelle réservation "):][:8]; !strings.Contains(m.Text, "Réservation: "+ref) {
				t.Errorf("agency mail without its reference %s: %s", ref, m.Text)
			}
		case m.Subject == "Nouveau message de contact : SUV demain":
			contactMails++
			if !strings.Contains(m.Text, "avez-vous un SUV pour demain ?") || m.Headers["Reply-To"] != "youssef@example.com" {
				t.Errorf("agency contact mail: %v %s", m.Headers, m.Text)
			}
		default:
			t.Errorf("unexpected agency mail %q", m.Subject)
		}
	}
	if bookingMails != 3 || contactMails != 1 {
		t.Fatalf("agency got %d booking and %d contact mails", bookingMails, contactMails)
	}
	received := map[string]string{"fr": "Demande de réservation reçue – n° CR-", "en": "Booking request received – no. CR-", "ar": "تم استلام طلب الحجز – رقم CR-"}
	for lang, subject := range received {
		if m := e.wait(lang+"@example.com", 1)[0]; !strings.HasPrefix(m.Subject, subject) || !strings.Contains(m.Text, "/my-booking?lang="+lang+"#token=") {
			t.Errorf("%s traveller's receipt %q without its My booking link:\n%s", lang, m.Subject, m.Text)
		}
	}
	if got := len(e.sink.Messages()); got != 7 {
		t.Fatalf("%d messages before confirmation, want 7", got)
	}

	for _, id := range ids {
		e.confirm(id)
	}
	e.runOnce()
	ref := map[string]string{}
	for lang, id := range ids {
		var r string
		if err := e.db.Admin.QueryRow(context.Background(), `select reference from public.bookings where id = $1`, id).Scan(&r); err != nil {
			t.Fatal(err)
		}
		ref[lang] = r
	}
	// 3 days x 300 = 900; premium 3 x 75 = 225; gps + child seat 3 x 100 = 300; 1425 DH paid at the agency (a WhatsApp request: no online discount);
	// deposit of a Compact 4000 DH. Insurance and extras named as on the site; figures as the site writes them in each language.
	want := map[string][]string{
		"fr": {"Réservation confirmée – n° " + ref["fr"], "Bonjour Client fr,", "jeudi 24 décembre 2026, 09:30", "dimanche 27 décembre 2026, 10:15", "Annulation gratuite jusqu'au: mercredi 23 décembre 2026, 09:30",
			"Aéroport Mohammed V", "Gare Casa-Port", "1.425 DH", "permis de conduire", "15 minutes", "même niveau de carburant",
			"Numéro de réservation: " + ref["fr"], "Assurance: Premium", "Options: GPS, Siège enfant", "Location du véhicule: 900 DH",
			"Reste à payer à l'arrivée: 1.425 DH", "4.000 DH",
			// the key facts the quote stated: a Compact's excess with premium insurance, the first day after the free date,
			// the category's mileage, fuel and driver
			"Franchise (assurance Premium): 2.000 DH", "Annulation après cette date: 300 DH", "Kilométrage: illimité",
			"Carburant: à rendre avec le même niveau de carburant", "Conducteur: 21 ans minimum, permis depuis au moins 2 ans", "Durée: 3 jours"},
		"en": {"Booking confirmed – no. " + ref["en"], "Hello Client en,", "Thursday 24 December 2026, 09:30", "Sunday 27 December 2026, 10:15", "Free cancellation until: Wednesday 23 December 2026, 09:30",
			"Mohammed V Airport", "Casa-Port station", "1,425 DH", "driving licence", "15 minutes", "same fuel level",
			"Insurance: Premium", "Extras: GPS, Child seat", "Car rental: 900 DH", "Deposit (pre-authorised on your card at pickup, not charged): 4,000 DH",
			"Excess (Premium insurance): 2,000 DH", "Cancelling after that date costs: 300 DH", "Mileage: unlimited",
			"Driver: at least 21 years old, licence held for 2 years or more", "Duration: 3 days"},
		"ar": {"تم تأكيد الحجز – رقم " + ref["ar"], "مرحباً Client ar،", "الخميس 24 دجنبر 2026", "الأحد 27 دجنبر 2026، 10:15",
			"مطار محمد الخامس", "محطة الدار البيضاء الميناء", "1.425 DH", "رخصة قيادة", "15 دقيقة", "نفس مستوى الوقود",
			"التأمين: بريميوم", "نظام GPS، مقعد طفل", "عدد الكيلومترات: غير محدود", "الوقود: تُعاد السيارة بنفس مستوى الوقود",
			"السائق: 21 سنة على الأقل، ورخصة قيادة منذ سنتين على الأقل", "المدة: 3 أيام"},
	}
	for lang, parts := range want {
		msgs := e.wait(lang+"@example.com", 2) // the receipt, then the confirmation
		m := msgs[1]
		// « Gérer ma réservation » opens the booking at once: the link carries a token.
		if !strings.Contains(m.Text, "/my-booking?lang="+lang+"#token=") {
			t.Errorf("%s confirmation without a direct My booking link:\n%s", lang, m.Text)
		}
		if m.Subject != parts[0] {
			t.Errorf("%s subject %q", lang, m.Subject)
		}
		for _, p := range parts[1:] {
			// "Label: value" is the text part's layout; the HTML part has the value in the label's row.
			label, value, pair := strings.Cut(p, ": ")
			inHTML := strings.Contains(m.HTML, p)
			if pair {
				inHTML = strings.Contains(m.HTML, ">"+htmlEscape(label)+"</th><td") && strings.Contains(m.HTML, htmlEscape(value))
			}
			if !strings.Contains(m.Text, p) || !inHTML {
				t.Errorf("%s mail lacks %q:\n%s", lang, p, m.Text)
			}
		}
	}
	if m := e.sink.To("ar@example.com")[0]; !strings.Contains(m.HTML, `dir="rtl"`) || !strings.Contains(m.HTML, `lang="ar"`) {
		t.Errorf("Arabic mail is not right-to-left: %s", m.HTML)
	}
	// Everything is marked sent; a second run sends nothing more.
	var pending, sent int
	_ = e.db.Admin.QueryRow(context.Background(), `select count(*) filter (where status = 'pending'), count(*) filter (where status = 'sent' and sent_at is not null) from public.notification_outbox`).Scan(&pending, &sent)
	if pending != 0 || sent != 10 {
		t.Fatalf("outbox: %d pending, %d sent", pending, sent)
	}
	if n := e.runOnce(); n != 0 || len(e.sink.Messages()) != 10 {
		t.Fatalf("second run claimed %d, %d messages", n, len(e.sink.Messages()))
	}
}

// The flight the agency meets and the hotel it delivers to are in the agency's
// e-mail and in the traveller's confirmation; a booking without them shows no empty line.
func TestFlightAndHotelReachTheEmails(t *testing.T) {
	e := newEnv(t)
	id := uuid(t)
	e.asAnon(`insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date,
		pickup_location, return_location, language, payment_method, flight_number, hotel_name, hotel_address)
		values ($2, $1, 'Sara', 'sara@example.com', '+212611111111', '2026-12-24', '2026-12-27',
		'Aéroport Mohammed V', 'Hôtel (collecte)', 'en', 'whatsapp', 'AT200', 'Hyatt Regency', 'Place des Nations Unies')`, e.car, id)
	plain := e.book("fr", "plain@example.com")
	e.confirm(id)
	e.confirm(plain)
	e.runOnce()
	for _, m := range e.wait(agency, 2) {
		withArrival := strings.Contains(m.Text, "Client: Sara")
		for _, p := range []string{"Numéro de vol: AT200", "Hôtel: Hyatt Regency, Place des Nations Unies"} {
			if strings.Contains(m.Text, p) != withArrival {
				t.Errorf("agency mail (flight and hotel given: %v) and %q:\n%s", withArrival, p, m.Text)
			}
		}
	}
	m := e.wait("sara@example.com", 2)[1] // the receipt, then the confirmation
	for _, p := range []string{"Flight number: AT200", "Hotel: Hyatt Regency, Place des Nations Unies", "Hotel (collection)"} {
		value := p // in the HTML part, the value stands in its label's row
		if _, v, ok := strings.Cut(p, ": "); ok {
			value = v
		}
		if !strings.Contains(m.Text, p) || !strings.Contains(m.HTML, value) {
			t.Errorf("traveller's confirmation lacks %q:\n%s", p, m.Text)
		}
	}
	if m := e.wait("plain@example.com", 2)[1]; strings.Contains(m.Text, "Numéro de vol") || strings.Contains(m.Text, "Hôtel:") {
		t.Errorf("a confirmation without flight or hotel names them:\n%s", m.Text)
	}
}

func TestPaidPayPalBookingNotifiesOnPayment(t *testing.T) {
	e := newEnv(t)
	var id string
	err := e.db.Admin.QueryRow(context.Background(), `insert into public.bookings (car_id, customer_name, customer_email, customer_phone,
		start_date, end_date, language, payment_method, payment_option) values ($1, 'Sara', 'sara@example.com', '+212600000000', '2026-12-24', '2026-12-26', 'en', 'paypal', 'half')
		returning id::text`, e.car).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	if n := e.runOnce(); n != 0 {
		t.Fatalf("an unpaid PayPal attempt notified the agency (%d rows)", n)
	}
	// What capture-paypal-payment does: amounts stored at order creation, then paid + confirmed.
	// 2 days x 300 = 600; half x0.95 = 570; 50% now = 285 DH = 26.39 EUR.
	_, err = e.db.Admin.Exec(context.Background(), `update public.bookings set amount_due_now = 285, charge_amount = 26.39, charge_currency = 'EUR' where id = $1`, id)
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.db.Admin.Exec(context.Background(), `update public.bookings set status = 'confirmed', payment_status = 'paid', payment_id = 'CAPTURE123' where id = $1`, id)
	if err != nil {
		t.Fatal(err)
	}
	e.runOnce()
	a := e.wait(agency, 1)[0]
	if !strings.Contains(a.Text, "payé en ligne : 285 DH (26.39 EUR), transaction CAPTURE123") {
		t.Errorf("agency mail: %s", a.Text)
	}
	c := e.wait("sara@example.com", 1)[0]
	for _, p := range []string{"Paid online: 285 DH (26.39 EUR)", "Left to pay on arrival: 285 DH", "Total amount: 570 DH", "Payment method: PayPal", "Transaction: CAPTURE123"} {
		if !strings.Contains(c.Text, p) {
			t.Errorf("customer mail lacks %q:\n%s", p, c.Text)
		}
	}
}

func TestSMTPDownKeepsMessages(t *testing.T) {
	e := newEnv(t)
	addr := e.sink.Addr
	e.sink.Close()
	e.contact("pendant la panne")
	e.confirm(e.book("en", "late@example.com"))
	if n := e.runOnce(); n != 4 { // the agency's booking and contact, the traveller's receipt and confirmation
		t.Fatalf("claimed %d", n)
	}
	var pending, attempts int
	var lastError string
	var retryLater bool
	err := e.db.Admin.QueryRow(context.Background(), `select count(*), min(attempts), min(last_error), bool_and(next_attempt_at > now())
		from public.notification_outbox where status = 'pending'`).Scan(&pending, &attempts, &lastError, &retryLater)
	if err != nil {
		t.Fatal(err)
	}
	if pending != 4 || attempts != 1 || lastError == "" || !retryLater {
		t.Fatalf("after a failed send: pending=%d attempts=%d error=%q retryLater=%v", pending, attempts, lastError, retryLater)
	}
	// Not due yet: nothing is claimed before the backoff ends.
	if n := e.runOnce(); n != 0 {
		t.Fatalf("claimed %d rows during backoff", n)
	}
	// SMTP comes back on the same address; time passes beyond the backoff.
	sink, err := mailtest.Start(addr)
	if err != nil {
		t.Fatal(err)
	}
	defer sink.Close()
	e.sink = sink
	if _, err := e.db.Admin.Exec(context.Background(), `update public.notification_outbox set next_attempt_at = now() where status = 'pending'`); err != nil {
		t.Fatal(err)
	}
	e.runOnce()
	if got := len(e.wait(agency, 2)); got != 2 {
		t.Fatalf("agency got %d", got)
	}
	e.wait("late@example.com", 1)
	_ = e.db.Admin.QueryRow(context.Background(), `select count(*) from public.notification_outbox where status <> 'sent'`).Scan(&pending)
	if pending != 0 {
		t.Fatalf("%d not sent", pending)
	}
}

func TestReplicasSendEachMessageOnce(t *testing.T) {
	e := newEnv(t)
	for i := range 30 {
		e.contact(fmt.Sprintf("message %02d", i))
	}
	d := e.deps
	d.Config.BatchSize = 4
	var wg sync.WaitGroup
	for range 3 { // three replicas
		wg.Go(func() {
			for {
				n, err := notifications.RunOnce(context.Background(), d)
				if err != nil {
					t.Error(err)
					return
				}
				if n == 0 {
					return
				}
			}
		})
	}
	wg.Wait()
	msgs := e.wait(agency, 30)
	seen := map[string]bool{}
	for _, m := range msgs {
		if seen[m.Subject] {
			t.Fatalf("sent twice: %s", m.Subject)
		}
		seen[m.Subject] = true
	}
	if len(msgs) != 30 {
		t.Fatalf("%d messages", len(msgs))
	}
}

func TestRunWakesOnNotify(t *testing.T) {
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = notifications.Run(ctx, e.deps); close(done) }()
	defer func() { cancel(); <-done }()
	// The worker listens on a connection of its own; only once it does can a
	// NOTIFY wake it. Wait for that connection instead of guessing how long it takes.
	e.db.WaitForListener(t, "notification_outbox")
	e.contact("réveil")
	// PollInterval is a minute: only the trigger's NOTIFY can deliver this quickly.
	e.wait(agency, 1)
}

func TestNoAgencyEmailIsNotPretendedSent(t *testing.T) {
	e := newEnv(t)
	e.deps.AgencyEmail = ""
	e.contact("sans destinataire")
	e.runOnce()
	var status, lastError string
	_ = e.db.Admin.QueryRow(context.Background(), `select status, last_error from public.notification_outbox`).Scan(&status, &lastError)
	if status != "skipped" || !strings.Contains(lastError, "AGENCY_EMAIL") || len(e.sink.Messages()) != 0 {
		t.Fatalf("status %q error %q", status, lastError)
	}
	// Without an SMTP relay the message is logged, and recorded as such.
	e.deps.AgencyEmail = agency
	e.deps.Mailer = mail.NewLog(nil)
	e.contact("journal")
	e.runOnce()
	_ = e.db.Admin.QueryRow(context.Background(), `select status from public.notification_outbox order by id desc limit 1`).Scan(&status)
	if status != "logged" {
		t.Fatalf("status %q", status)
	}
}

// The running worker, not a test, brings the messages out once SMTP is back.
func TestWorkerRetriesUntilSMTPIsBack(t *testing.T) {
	e := newEnv(t)
	addr := e.sink.Addr
	e.sink.Close()
	e.deps.Config.PollInterval = 200 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = notifications.Run(ctx, e.deps); close(done) }()
	defer func() { cancel(); <-done }()

	e.contact("panne SMTP")
	deadline := time.Now().Add(5 * time.Second)
	for {
		var attempts int
		var lastError *string
		_ = e.db.Admin.QueryRow(context.Background(), `select attempts, last_error from public.notification_outbox where status = 'pending'`).Scan(&attempts, &lastError)
		if attempts >= 1 && lastError != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the worker did not try to send")
		}
		time.Sleep(100 * time.Millisecond)
	}
	sink, err := mailtest.Start(addr)
	if err != nil {
		t.Fatal(err)
	}
	defer sink.Close()
	e.sink = sink
	// The first retry is due 5 seconds after the failure.
	ctxWait, cancelWait := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancelWait()
	if _, err := sink.Wait(ctxWait, agency, 1); err != nil {
		t.Fatal(err)
	}
}

func htmlEscape(s string) string { return template.HTMLEscapeString(s) }

// A PayPal payment that reached a cancelled booking is refunded by the database's
// decision (public.record_paypal_capture): the traveller is told in the booking's
// language and the agency in French, once each however often it is recorded.
func TestLatePayPalPaymentRefundEmails(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	var id string
	err := e.db.Admin.QueryRow(ctx, `insert into public.bookings (car_id, customer_name, customer_email, customer_phone,
		start_date, end_date, language, payment_method, payment_option) values ($1, 'Sara', 'sara@example.com', '+212600000000', '2026-12-24', '2026-12-26', 'en', 'paypal', 'half')
		returning id::text`, e.car).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.db.Admin.Exec(ctx, `update public.bookings set amount_due_now = 285, charge_amount = 26.39, charge_currency = 'EUR',
		paypal_order_id = 'ORDER42', status = 'cancelled' where id = $1`, id)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		var outcome string
		if err := e.db.Admin.QueryRow(ctx, `select public.record_paypal_capture($1, 'CAPTURE42')`, id).Scan(&outcome); err != nil || outcome != "refund" {
			t.Fatalf("record: %q %v", outcome, err)
		}
	}
	if n := e.runOnce(); n != 2 {
		t.Fatalf("%d notifications, want the traveller's and the agency's", n)
	}
	c := e.wait("sara@example.com", 1)[0]
	for _, p := range []string{"Your payment is refunded", "already been cancelled", "Amount refunded: 26.39 EUR", "Transaction: CAPTURE42"} {
		if !strings.Contains(c.Subject+c.Text, p) {
			t.Errorf("traveller's mail lacks %q:\n%s\n%s", p, c.Subject, c.Text)
		}
	}
	a := e.wait(agency, 1)[0]
	for _, p := range []string{"Remboursement automatique", "la réservation était annulée", "285 DH (26.39 EUR)", "CAPTURE42"} {
		if !strings.Contains(a.Subject+a.Text, p) {
			t.Errorf("agency mail lacks %q:\n%s\n%s", p, a.Subject, a.Text)
		}
	}
}
