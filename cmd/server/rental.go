package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"time"

	"casarent/auth"
	"casarent/frontend"
	"casarent/functions"
	"casarent/rental"
	"casarent/rental/adminusers"
	rentalconfig "casarent/rental/config"
	"casarent/rental/jobs"
	"casarent/rental/notifications"
	"casarent/rental/paypal"
	"casarent/rental/seed"
	"casarent/rental/website"
	"casarent/server/config"
	"casarent/server/mail"
)

// The rental's Go parts, attached only when the project served is the rental's
// (rental.Serves): its site, PayPal, admin-users, notifications and booking
// holds. Another project gets the platform alone.

// loadRental is the rental's settings when its project is served, else nil.
func loadRental(cfg *config.Config) (*rentalconfig.Config, error) {
	if !rental.Serves(cfg.ProjectID) {
		return nil, nil
	}
	rc, err := rentalconfig.Load(cfg.Env)
	if err != nil {
		return nil, err
	}
	return &rc, nil
}

// rentalPayments is the PayPal service (live, simulated or off).
func (a *app) rentalPayments() *paypal.Service {
	cfg := a.cfg
	return paypal.New(paypal.Deps{
		Pool: a.db.Pool, Config: a.rental.PayPal, SiteURL: cfg.SiteURL, Logger: a.log.With("surface", "functions"), Now: time.Now,
		ClientIPHeader: cfg.Auth.RateLimit.Header,
		ReturnAllowed:  auth.RedirectPolicy(cfg.SiteURL, cfg.Auth.AdditionalRedirectURLs),
	})
}

// rentalFunctions are the rental's Go functions: PayPal's and admin-users.
func (a *app) rentalFunctions(payments *paypal.Service) []functions.Function {
	fns := payments.Functions()
	return append(fns, adminusers.Functions(adminusers.Deps{
		Pool: a.db.Pool, AuthAdmin: a.verifier.Middleware(a.surf.auth), ServiceRoleKey: a.cfg.ServiceRoleKey,
		Logger: a.log.With("surface", "functions"),
	})...)
}

// paymentsConfig tells the site whether online payment is off, simulated or live.
func (a *app) paymentsConfig() map[string]any {
	p := a.rental.PayPal
	rate, _ := strconv.ParseFloat(p.MADPerUnit, 64) // validated by config
	switch {
	case !p.Configured():
		return map[string]any{"mode": "off"}
	case p.Simulated:
		return map[string]any{"mode": "simulated", "currency": p.Currency, "madPerUnit": rate}
	default:
		return map[string]any{"mode": "live", "currency": p.Currency, "madPerUnit": rate}
	}
}

// rentalWorkers are the rental's background work, started once the schema is there.
func (a *app) rentalWorkers(mailer mail.Sender, payments *paypal.Service) {
	cfg := a.cfg
	notify := notifications.Deps{
		Pool: a.db.Pool, Mailer: mailer, AgencyEmail: a.rental.AgencyEmail, SiteURL: cfg.SiteURL,
		Logger: a.log.With("component", "notifications"), Now: time.Now, Config: a.rental.Outbox,
	}
	a.workers = append(a.workers, func(ctx context.Context) {
		if err := notifications.Run(ctx, notify); err != nil && ctx.Err() == nil {
			a.log.Error("notifications worker stopped", "err", err)
		}
	})
	// is_admin() reads ADMIN_MFA_REQUIRED from the database.
	a.workers = append(a.workers, func(ctx context.Context) {
		if err := adminusers.ApplySettings(ctx, a.db.Pool, a.rental.AdminMFARequired); err != nil {
			a.log.Error("administrators' settings not written to the database", "err", err)
		}
	})
	// Replicas may all run it: captures are idempotent and cancellations conditional.
	a.workers = append(a.workers, payments.RunReconciler)
	// Replicas may all run it too: the database claims each lapsed hold once.
	a.workers = append(a.workers, func(ctx context.Context) {
		jobs.ExpireHolds.Run(ctx, a.db.Pool, a.rental.HoldExpiryEvery, a.log.With("component", "holds"))
	})
	// And this one: each reminder is queued once (private.pickup_reminders).
	a.workers = append(a.workers, func(ctx context.Context) {
		jobs.PickupReminders.Run(ctx, a.db.Pool, a.rental.PickupReminderEvery, a.log.With("component", "reminders"))
	})
}

// newWebsite is the rental's site: the build (embedded, else FRONTEND_DIST),
// what the browser app learns at run time, and what the product says the site is.
func (a *app) newWebsite() (*website.Website, error) {
	cfg := a.cfg
	return website.New(website.Options{
		Files: website.Files(frontend.Dist(), cfg.FrontendDist),
		Runtime: website.RuntimeConfig{
			SupabaseURL: cfg.APIExternalURL,
			AnonKey:     cfg.AnonKey,
			Payments:    a.paymentsConfig(),
		},
		SiteURL:  cfg.SiteURL,
		Profile:  website.Profile{Name: rental.SiteName, Disallow: rental.PrivatePaths, BrowserOnly: rental.BrowserOnlyPaths},
		Pool:     a.db.Pool,
		Log:      a.log,
		Pages:    a.rental.Pages,
		DenoPath: functions.FindDeno(cfg.Functions.Files.DenoPath),
		DataDir:  cfg.DataDir,
	})
}

// seedCommand is `server seed [file.sql…]`: the whole server is built (not
// served) so that the seed's images and administrator go through its storage
// and auth APIs.
func seedCommand(ctx context.Context, cfg *config.Config, log *slog.Logger, stdout io.Writer, extra []string) error {
	a, err := newApp(cfg, log)
	if err != nil {
		return err
	}
	if a.rental == nil {
		a.db.Pool.Close()
		return errors.New("seed loads the rental's development data, and the project served is not the rental's " +
			"(PROJECT_DIR=" + cfg.ProjectDir + "); a project's own supabase/seed.sql runs with `server db reset`")
	}
	defer a.db.Pool.Close()
	if err := a.db.Prepare(ctx); err != nil {
		return fmt.Errorf("seed: database: %w", err)
	}
	return seed.Run(ctx, cfg, a.routes(), stdout, extra)
}
