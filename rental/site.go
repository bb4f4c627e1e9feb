// Package rental is the product room: the car rental's own server code, apart
// from the platform (server/ and its packages) and the Supabase-compatible
// surfaces (auth, storage, postgrest-compat, functions, realtime), which know
// nothing about cars or bookings.
//
// This package holds what the website says about the site itself (its name,
// the paths crawlers must not index); its sub-packages are the rental's website
// (website: the pages rendered ahead of visitors, SEO, sitemap), its development
// data (seed), its settings (config), its functions and workers: paypal (online
// payment), adminusers (admin-users), holds (expiry of lapsed booking holds),
// notifications (the outbox worker and its emails).
// cmd/server/rental.go is the one place that wires them in, when the project served is the rental's (project.go).
package rental

import "casarent/frontend"

// SiteName is every page's og:site_name: the name the site shows, from the one
// place it is written (frontend/src/config/brand.json).
var SiteName = frontend.SiteName()

// PrivatePaths are the paths robots.txt disallows: the back office.
var PrivatePaths = []string{"/admin"}

// BrowserOnlyPaths are the pages that are the browser's alone (the back office,
// a booking in progress and its outcome, a traveller's own booking and review): each with its sub-paths, they get no
// hreflang alternates and are not in the sitemap.
var BrowserOnlyPaths = []string{"/admin", "/booking", "/booking-success", "/booking-cancelled", "/my-booking", "/review"}
