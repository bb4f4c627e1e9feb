package notifications_test

import (
	"context"
	"strings"
	"testing"
)

// The agency's e-mail lists the extras in the price list's order (booking_options):
// an administrator changing it changes the e-mail, with no template edited. The
// payment option's terms (payment_options) are for paying online: a WhatsApp
// request's e-mail says it is paid at the agency, without the online discount.
func TestAgencyMailFollowsThePriceList(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for _, sql := range []string{
		`update public.booking_options set position = 100 where key = 'gps'`,
		`update public.payment_options set discount_percent = 15 where key = 'full'`,
	} {
		if _, err := e.db.Admin.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	e.book("fr", "order@example.com")
	e.runOnce()
	for _, m := range e.wait(agency, 1) {
		for _, part := range []string{"Siège enfant, GPS", "Paiement total, à payer à l'agence (sans remise en ligne)"} {
			if !strings.Contains(m.Text, part) {
				t.Errorf("agency mail lacks %q: %s", part, m.Text)
			}
		}
	}
}
