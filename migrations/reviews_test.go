package migrations_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// completedRental books car for a traveller (confirmed, on its own dates: n keeps
// bookings apart), lets the agency mark it completed as the back office does, and
// returns the booking and the token of the review link the e-mail carries.
func completedRental(t *testing.T, w *world, n int, car int64, lang string) (string, string) {
	t.Helper()
	id := fmt.Sprintf("f7000000-0000-4000-8000-%012d", n)
	start := time.Now().UTC().AddDate(0, 0, 20+7*n)
	w.super(t, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date,
			status, language)
		values ($1, $2, 'Karim Alaoui', $3, '+212661234567', $4, $5, 'confirmed', $6)`,
		id, car, fmt.Sprintf("karim%d@example.com", n), start.Format(time.DateOnly), start.AddDate(0, 0, 3).Format(time.DateOnly), lang)
	for _, s := range []string{"in_progress", "completed"} {
		if _, err := w.run(admin, `update public.bookings set status = $2 where id = $1`, id, s); err != nil {
			t.Fatalf("the agency marks %s %s: %v", id, s, err)
		}
	}
	return id, reviewToken(t, w, id)
}

// reviewToken is the token of the one review_request e-mail queued for booking id.
func reviewToken(t *testing.T, w *world, id string) string {
	t.Helper()
	var mails []struct {
		Recipient, Language string
		Token               string
	}
	rows, err := w.db.Admin.Query(t.Context(), `select recipient, language, payload #>> '{review,token}' from public.notification_outbox
		where subject_id = $1 and kind = 'review_request' order by id`, id)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var m struct{ Recipient, Language, Token string }
		if err := rows.Scan(&m.Recipient, &m.Language, &m.Token); err != nil {
			t.Fatal(err)
		}
		mails = append(mails, m)
	}
	if len(mails) != 1 || len(mails[0].Token) != 64 {
		t.Fatalf("booking %s: review e-mails %+v, want one with a 64-character token", id, mails)
	}
	return mails[0].Token
}

// figures are a car's rating as the public reads it (the cars query and page_data).
type figures struct {
	Rating       *float64 `json:"traveller_rating"`
	Count        int      `json:"traveller_review_count"`
	Declared     float64  `json:"rating"`
	DeclaredN    int      `json:"review_count"`
	DeclaredFrom *string  `json:"rating_source"`
}

func carFigures(t *testing.T, w *world, car int64) figures {
	t.Helper()
	var f figures
	readJSON(t, w.db, w.as(anon), &f, `select to_jsonb(c) from public.cars c where c.id = $1`, car)
	var page struct {
		Car figures `json:"car"`
	}
	readJSON(t, w.db, w.as(anon), &page, `select public.page_data('/cars/' || slug) from public.cars where id = $1`, car)
	if page.Car.String() != f.String() {
		t.Errorf("car %d: the car page's data %s, the cars row %s", car, page.Car, f)
	}
	return f
}

func (f figures) String() string {
	from := "the agency"
	if f.DeclaredFrom != nil {
		from = *f.DeclaredFrom
	}
	return fmt.Sprintf("travellers %s, declared %s · %.1f · %d", f.travellers(), from, f.Declared, f.DeclaredN)
}

func (f figures) travellers() string {
	if f.Rating == nil {
		return fmt.Sprintf("none (%d)", f.Count)
	}
	return fmt.Sprintf("%.1f (%d)", *f.Rating, f.Count)
}

// A completed rental e-mails one link; through it alone, anonymously, the
// traveller leaves one review of 1 to 5 stars; bad input, a forged or expired link
// and a second review are refused in PostgREST's shape; nobody else writes one.
func TestReviewsAreLeftThroughTheEmailedLinkOnly(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, token := completedRental(t, w, 1, w.carA, "ar")
	if lang := superScalar[string](t, w, `select language from public.notification_outbox where subject_id = $1 and kind = 'review_request'`, id); lang != "ar" {
		t.Errorf("the invitation is in %s, want the booking's language ar", lang)
	}
	// Back and forth between in progress and completed: still one invitation.
	for _, s := range []string{"in_progress", "completed"} {
		if _, err := w.run(admin, `update public.bookings set status = $2 where id = $1`, id, s); err != nil {
			t.Fatal(err)
		}
	}
	reviewToken(t, w, id)

	var view struct {
		FirstName string `json:"first_name"`
		Car       struct {
			ID int64 `json:"id"`
		}
		Review *struct {
			Stars           int
			Comment, Status string
		}
	}
	readJSON(t, w.db, w.as(anon), &view, `select public.review_invitation($1)`, token)
	if view.Car.ID != w.carA || view.FirstName != "Karim" || view.Review != nil {
		t.Errorf("the link opens %+v, want car A for Karim, not yet reviewed", view)
	}

	for _, c := range []struct {
		name, token string
		stars       any
		comment     string
		code        string
	}{
		{"forged link", "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", 4, "", "RV001"},
		{"no link", "", 4, "", "RV001"},
		{"6 stars", token, 6, "", "RV002"},
		{"0 stars", token, 0, "", "RV002"},
		{"no stars", token, nil, "", "RV002"},
		{"a comment too long", token, 4, strings.Repeat("é", 2001), "RV002"},
	} {
		comment := any(nil)
		if c.comment != "" {
			comment = c.comment
		}
		if _, err := w.try(anon, `select public.submit_review($1, $2, $3)`, c.token, c.stars, comment); customCode(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	var stars struct{ Details struct{ Field string } }
	_, err := w.try(anon, `select public.submit_review($1, 9)`, token)
	_ = json.Unmarshal([]byte(pgMessage(err)), &stars)
	if stars.Details.Field != "stars" {
		t.Errorf("9 stars: %v, want details.field = stars", err)
	}

	// Nobody writes a review but the link: not anon, not a user, not even an administrator.
	for _, who := range []string{anon, user, admin} {
		if _, err := w.try(who, `insert into public.car_reviews (booking_id, car_id, stars) values ($1, $2, 5)`, id, w.carA); sqlState(err) != "42501" {
			t.Errorf("%s inserts a review: %v, want 42501", who, err)
		}
	}

	if _, err := w.run(anon, `select public.submit_review($1, 4, '  Voiture propre, accueil rapide  ')`, token); err != nil {
		t.Fatalf("the traveller's review: %v", err)
	}
	if _, err := w.try(anon, `select public.submit_review($1, 5)`, token); customCode(err) != "RV003" {
		t.Errorf("a second review of the same booking: %v, want RV003", err)
	}
	readJSON(t, w.db, w.as(anon), &view, `select public.review_invitation($1)`, token)
	if view.Review == nil || view.Review.Stars != 4 || view.Review.Status != "pending" || view.Review.Comment != "Voiture propre, accueil rapide" {
		t.Errorf("the link after the review shows %+v", view.Review)
	}
	if lang := superScalar[string](t, w, `select language from public.car_reviews where booking_id = $1`, id); lang != "ar" {
		t.Errorf("the review is stored in %s", lang)
	}

	// An expired link opens nothing.
	w.super(t, `update private.review_links set expires_at = now() - interval '1 second' where booking_id = $1`, id)
	if _, err := w.try(anon, `select public.review_invitation($1)`, token); customCode(err) != "RV001" {
		t.Errorf("an expired link: %v, want RV001", err)
	}

	// A rental put back in progress before its review is not reviewable meanwhile.
	id2, token2 := completedRental(t, w, 2, w.carB, "fr")
	if _, err := w.run(admin, `update public.bookings set status = 'in_progress' where id = $1`, id2); err != nil {
		t.Fatal(err)
	}
	if _, err := w.try(anon, `select public.submit_review($1, 5)`, token2); customCode(err) != "RV004" {
		t.Errorf("a review of a rental in progress: %v, want RV004", err)
	}
	// A booking recorded as completed (an insert is not a move) invites nobody.
	w.super(t, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date, status)
		values ('f7000000-0000-4000-8000-0000000000ff', $1, 'Old', 'old@example.com', '+212661234567', '2026-01-10', '2026-01-12', 'completed')`, w.carB)
	if n := superScalar[int64](t, w, `select count(*) from public.notification_outbox where kind = 'review_request'
		and subject_id = 'f7000000-0000-4000-8000-0000000000ff'`); n != 0 {
		t.Errorf("a booking recorded as completed queued %d invitations", n)
	}
}

// Only approved reviews are public and count; administrators moderate (the
// status is all they may change); the travellers' figures are the database's,
// whoever writes the car, and stay apart from the declared rating and its source.
func TestApprovedReviewsMoveTheTravellersRating(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.super(t, `update public.cars set rating = 4.6, review_count = 214 where id = $1`, w.carA)
	if f := carFigures(t, w, w.carA); f.travellers() != "none (0)" {
		t.Fatalf("car A before any review: %s", f.travellers())
	}
	var reviews []string
	for i, stars := range []int{4, 5, 1} {
		id, token := completedRental(t, w, i+1, w.carA, "fr")
		if _, err := w.run(anon, `select public.submit_review($1, $2)`, token, stars); err != nil {
			t.Fatal(err)
		}
		reviews = append(reviews, superScalar[string](t, w, `select id::text from public.car_reviews where booking_id = $1`, id))
	}
	count := func(who string) int {
		return len(readRows(t, w, who, pgx.RowTo[int16], `select stars from public.car_reviews`))
	}
	for who, want := range map[string]int{anon: 0, user: 0, admin: 3} {
		if n := count(who); n != want {
			t.Errorf("%s reads %d pending reviews, want %d", who, n, want)
		}
	}
	if f := carFigures(t, w, w.carA); f.travellers() != "none (0)" {
		t.Errorf("pending reviews count: %s", f.travellers())
	}

	// Only an administrator moderates.
	for _, who := range []string{anon, user} {
		if n, err := w.try(who, `update public.car_reviews set status = 'approved'`); err == nil && n > 0 {
			t.Errorf("%s approved %d reviews", who, n)
		}
		if n, err := w.try(who, `delete from public.car_reviews`); err == nil && n > 0 {
			t.Errorf("%s deleted %d reviews", who, n)
		}
	}
	if _, err := w.try(admin, `update public.car_reviews set stars = 5 where id = $1`, reviews[2]); sqlState(err) != "42501" {
		t.Errorf("an administrator changes a traveller's stars: %v, want 42501", err)
	}
	if _, err := w.try(admin, `update public.car_reviews set status = 'published' where id = $1`, reviews[0]); sqlState(err) != "23514" {
		t.Errorf("an unknown status: %v, want 23514", err)
	}

	steps := []struct {
		review, status, want string
		public               int
	}{
		{reviews[0], "approved", "4.0 (1)", 1},
		{reviews[1], "approved", "4.5 (2)", 2},
		{reviews[2], "rejected", "4.5 (2)", 2},
		{reviews[1], "rejected", "4.0 (1)", 1},
		{reviews[1], "approved", "4.5 (2)", 2},
	}
	for _, s := range steps {
		if n, err := w.run(admin, `update public.car_reviews set status = $2 where id = $1`, s.review, s.status); err != nil || n != 1 {
			t.Fatalf("the administrator sets %s: %d rows, %v", s.status, n, err)
		}
		if f := carFigures(t, w, w.carA); f.travellers() != s.want {
			t.Errorf("after %s: travellers %s, want %s", s.status, f.travellers(), s.want)
		}
		if n := count(anon); n != s.public {
			t.Errorf("after %s: anon reads %d reviews, want %d", s.status, n, s.public)
		}
	}
	if d := superScalar[bool](t, w, `select decided_at is not null from public.car_reviews where id = $1`, reviews[2]); !d {
		t.Error("a decision is not dated")
	}

	// The declared figures are the agency's, with their source, and never the travellers'.
	if _, err := w.run(admin, `update public.cars set rating_source = 'Google', rating = 4.7, review_count = 215,
		traveller_rating = 5, traveller_review_count = 99 where id = $1`, w.carA); err != nil {
		t.Fatal(err)
	}
	f := carFigures(t, w, w.carA)
	if f.travellers() != "4.5 (2)" || f.Declared != 4.7 || f.DeclaredN != 215 || f.DeclaredFrom == nil || *f.DeclaredFrom != "Google" {
		t.Errorf("after the agency's edit: %+v, travellers %s; want Google · 4.7 · 215 and travellers 4.5 (2)", f, f.travellers())
	}
	if _, err := w.try(admin, `update public.cars set rating_source = '  ' where id = $1`, w.carA); sqlState(err) != "23514" {
		t.Errorf("a blank source: %v, want 23514", err)
	}
	// Another car's figures are its own.
	if f := carFigures(t, w, w.carB); f.travellers() != "none (0)" {
		t.Errorf("car B: %s", f.travellers())
	}
	// A review removed by an administrator leaves the figures.
	if _, err := w.run(admin, `delete from public.car_reviews where id = $1`, reviews[0]); err != nil {
		t.Fatal(err)
	}
	if f := carFigures(t, w, w.carA); f.travellers() != "5.0 (1)" {
		t.Errorf("after a delete: %s, want 5.0 (1)", f.travellers())
	}
}

func pgMessage(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Message
	}
	return ""
}
