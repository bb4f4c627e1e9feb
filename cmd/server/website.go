package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"casarent/frontend"
	"casarent/functions"
	"casarent/rental"
	"casarent/rental/seed"
	"casarent/rental/website"
	"casarent/server/config"
)

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
		Pages:    cfg.Pages,
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
	defer a.db.Pool.Close()
	if err := a.db.Prepare(ctx); err != nil {
		return fmt.Errorf("seed: database: %w", err)
	}
	return seed.Run(ctx, cfg, a.routes(), stdout, extra)
}
