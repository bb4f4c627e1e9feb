package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/auth"
	"casarent/functions"
	"casarent/pgmeta"
	postgrest "casarent/postgrest-compat"
	"casarent/realtime"
	rentalconfig "casarent/rental/config"
	"casarent/rental/website"
	"casarent/server/config"
	"casarent/server/conns"
	"casarent/server/database"
	"casarent/server/jwtauth"
	"casarent/server/mail"
	"casarent/server/metrics"
	"casarent/server/ssr"
	"casarent/storage"
)

// app is the running server: configuration, database and surfaces.
type app struct {
	cfg      *config.Config
	log      *slog.Logger
	db       *database.DB
	verifier *jwtauth.Verifier
	metrics  *metrics.Metrics
	site     *website.Website // the rental's site, its public pages built ahead of visitors; nil for another project
	surf     surfaces
	rest     *postgrest.Handler // its schema cache is loaded by a worker
	studio   *pgmeta.Handler    // /pg, Supabase Studio's database API
	// background work started once the database is prepared
	workers []func(ctx context.Context)
	// the rental's own settings (PayPal, agency email, outbox, booking holds) when
	// the project served is the rental's (rental.go), else nil
	rental *rentalconfig.Config
}

// printJWK prints a fresh private JWK (key_ops sign and verify) for JWT_KEYS.
func printJWK(args []string, stdout io.Writer) error {
	alg, kid := "ES256", ""
	if len(args) > 0 {
		alg = args[0]
	}
	if len(args) > 1 {
		kid = args[1]
	} else {
		b := make([]byte, 8)
		if _, err := rand.Read(b); err != nil {
			return err
		}
		kid = hex.EncodeToString(b)
	}
	k, err := jwtauth.NewPrivateJWK(alg, kid)
	if err != nil {
		return err
	}
	return json.NewEncoder(stdout).Encode(k)
}

func loadConfig(getenv config.Getenv) (*config.Config, error) {
	cfg, err := config.Load(getenv)
	if err != nil {
		return nil, err
	}
	if err := cfg.FillSecrets(); err != nil {
		return nil, err
	}
	return cfg, cfg.Validate()
}

func run(ctx context.Context, args []string, getenv config.Getenv, stdout io.Writer) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd = args[0]
	}
	if cmd == website.RenderCommand { // a child of the server: renders the pages it is sent (rental/website)
		return ssr.ServeChild(os.Stdin, stdout, slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	}
	if cmd == "help" || cmd == "-h" || cmd == "--help" {
		_, err := io.WriteString(stdout, usage)
		return err
	}
	if cmd == "jwk" { // `server jwk [ES256|RS256] [kid]`: a new private key for JWT_KEYS
		return printJWK(args[1:], stdout)
	}
	if cmd == "functions" || cmd == "secrets" { // `server functions deploy|rollback|list`, `server secrets set|list`: clients of a running server
		return functionsCommand(ctx, args, getenv, stdout)
	}
	if cmd == "keys" { // needs only the secrets, not a database
		cfg, err := config.Load(getenv)
		if err != nil {
			return err
		}
		// The keys of a server that exists: printing keys of a secret made up here
		// (another folder, another DATA_DIR) would give keys every server refuses.
		if err := cfg.SecretsExist(); err != nil {
			return err
		}
		if err := cfg.FillSecrets(); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "ANON_KEY=%s\nSERVICE_ROLE_KEY=%s\n", cfg.AnonKey, cfg.ServiceRoleKey)
		return nil
	}
	switch cmd {
	case "serve", "migrate", "seed", "gen", "db":
	default:
		return fmt.Errorf("unknown command %q (serve, migrate, db reset, seed, keys, jwk, gen, functions, secrets; server help lists them)", cmd)
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		return err
	}
	level := slog.LevelInfo
	if cmd != "serve" { // one-shot commands: only what goes wrong
		level = slog.LevelWarn
	}
	log := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	switch cmd {
	case "serve":
		return serve(ctx, cfg, log, stdout)
	case "migrate":
		if len(args) > 1 && args[1] == "--dry-run" {
			return migrateDryRun(ctx, cfg, stdout)
		}
		db, err := database.New(cfg, log)
		if err != nil {
			return err
		}
		defer db.Pool.Close()
		return db.Prepare(ctx)
	case "seed":
		return seedCommand(ctx, cfg, log, stdout, args[1:])
	case "gen":
		return genTypes(ctx, cfg, args[1:], stdout)
	case "db":
		if len(args) != 2 || args[1] != "reset" {
			return errors.New("usage: server db reset")
		}
		return dbReset(ctx, cfg, log, stdout)
	}
	return nil
}

func newApp(cfg *config.Config, log *slog.Logger) (*app, error) {
	if ig := cfg.ProjectConfigIgnored; len(ig) > 0 {
		log.Warn("config.toml: not supported here, ignored: " + strings.Join(ig, ", "))
	}
	rentalCfg, err := loadRental(cfg)
	if err != nil {
		return nil, err
	}
	db, err := database.New(cfg, log)
	if err != nil {
		return nil, err
	}
	a := &app{
		cfg: cfg, log: log, db: db,
		verifier: jwtauth.NewVerifier(cfg.JWTSecret, jwtauth.Keys{
			Anon: cfg.AnonKey, Service: cfg.ServiceRoleKey, Publishable: cfg.PublishableKey, Secret: cfg.SecretKey,
		}).WithKeySet(cfg.JWTKeys),
		metrics: metrics.New(db.Collector()),
		rental:  rentalCfg,
	}
	if err := a.mountSurfaces(); err != nil {
		return nil, err
	}
	if a.rental != nil {
		if a.site, err = a.newWebsite(); err != nil {
			return nil, err
		}
		a.metrics.Registry.MustRegister(a.site.Collector())
	}
	return a, nil
}

func serve(ctx context.Context, cfg *config.Config, log *slog.Logger, stdout io.Writer) error {
	a, err := newApp(cfg, log)
	if err != nil {
		return err
	}
	defer a.db.Pool.Close()

	bg, stopBG := context.WithCancel(context.WithoutCancel(ctx))
	defer stopBG()
	for _, w := range a.workers {
		a.db.OnPrepared = append(a.db.OnPrepared, func() { w(bg) })
	}
	// Once the schema is there, the public pages are built and kept up to date.
	if a.site != nil {
		a.db.OnPrepared = append(a.db.OnPrepared, func() { a.site.Run(bg) })
	}
	go a.db.PrepareLoop(bg)

	ln, err := conns.Listen(cfg, log)
	if err != nil {
		return err
	}
	a.metrics.Registry.MustRegister(conns.Collector(ln))
	srv := conns.NewHTTPServer(cfg.HTTP, a.routes())
	if ks := cfg.JWTKeys; ks != nil {
		log.Info("access tokens signed with JWT_KEYS", "alg", ks.SigningAlg(), "kid", ks.SigningKID(), "published", len(ks.JWKS(time.Now())))
	}
	fmt.Fprintf(stdout, "listening on http://%s\n", ln.Addr())
	printFirstScreen(stdout, cfg)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// Graceful stop: refuse new connections, let in-flight requests finish.
	log.Info("shutting down", "grace", cfg.ShutdownGrace)
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownGrace)
	defer cancel()
	err = srv.Shutdown(sctx)
	stopBG()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// printFirstScreen tells a developer what a Supabase client and a SQL tool need,
// as `supabase start` does: outside production the keys and the database URL in
// full; in production no secret (the log may travel), only where to find them.
func printFirstScreen(w io.Writer, cfg *config.Config) {
	fmt.Fprintf(w, "\n  API URL:          %s\n  Data folder:      %s\n", cfg.APIExternalURL, cfg.DataDir)
	if cfg.Production() {
		fmt.Fprintf(w, "  Keys:             server keys (with this server's settings)\n\n")
		return
	}
	db := cfg.DatabaseURL
	if db == "" {
		db = "(AUTHENTICATOR_URL only)"
	}
	fmt.Fprintf(w, "  anon key:         %s\n  service_role key: %s\n  Database URL:     %s\n\n", cfg.AnonKey, cfg.ServiceRoleKey, db)
}

// mountSurfaces builds the APIs. Each surface gets its own config section and the
// pool; functions reach auth only through its HTTP handler, in process.
func (a *app) mountSurfaces() error {
	cfg := a.cfg
	mailer := a.newMailer()

	rest := postgrest.New(postgrest.Options{
		Pool: a.db.Pool, Reads: a.db.Reads, Rest: cfg.Rest,
		Logger: a.log.With("surface", "rest"), ClientIPHeader: cfg.Auth.RateLimit.Header,
	})
	a.surf.rest, a.rest = rest, rest
	a.workers = append(a.workers, rest.Run, a.db.Reads.Run)

	a.surf.auth = auth.New(auth.Options{
		Pool: a.db.Pool, Config: cfg.Auth, JWTSecret: cfg.JWTSecret, SigningKeys: cfg.JWTKeys, SiteURL: cfg.SiteURL,
		APIExternalURL: cfg.APIExternalURL, Mailer: mailer, Now: time.Now, Logger: a.log.With("surface", "auth"),
	})

	backend, err := storage.NewBackend(cfg.Storage)
	if err != nil {
		return err
	}
	a.surf.storage = storage.New(storage.Options{
		Pool: a.db.Pool, Backend: backend, Config: cfg.Storage, JWTSecret: cfg.JWTSecret,
		Logger: a.log.With("surface", "storage"), Now: time.Now,
	})
	a.workers = append(a.workers, func(ctx context.Context) { // config.toml's [storage.buckets.*]
		if err := storage.EnsureBuckets(ctx, a.db.Pool, cfg.Storage.Buckets); err != nil {
			a.log.Error("config.toml's storage buckets not made", "err", err)
		}
	})

	rt := realtime.New(realtime.Options{
		Pool: a.db.Pool, ReplicationURL: cfg.DatabaseURL, Verifier: a.verifier,
		Logger: a.log.With("surface", "realtime"), Now: time.Now,
		Config: cfg.Realtime,
	})
	a.surf.realtime = rt
	a.metrics.Registry.MustRegister(rt.Collector())
	a.workers = append(a.workers, rt.Run, rt.RunFanout)

	var goFns []functions.Function
	if a.rental != nil {
		payments := a.rentalPayments()
		goFns = a.rentalFunctions(payments)
		a.rentalWorkers(mailer, payments)
	}
	if err := a.mountStudio(); err != nil {
		return err
	}
	return a.mountFunctions(goFns)
}

// mountFunctions builds /functions/v1: the Go functions given (the rental's, when
// it is served) and the TypeScript functions of the project's folder.
func (a *app) mountFunctions(goFns []functions.Function) error {
	cfg := a.cfg
	fnLog := a.log.With("surface", "functions")
	files, err := fileFunctions(cfg, a.db.Pool)
	if err != nil {
		return err
	}
	if files.Env["SUPABASE_DB_URL"] == "" {
		fnLog.Warn("FUNCTIONS_DB_PASSWORD is not set: the TypeScript functions get no SUPABASE_DB_URL")
	}
	fnRuntime, err := functions.Build(functions.Options{Functions: goFns, Logger: fnLog, Files: files})
	if err != nil {
		return err
	}
	a.surf.functions = fnRuntime
	if admin := fnRuntime.Admin(); admin != nil {
		a.surf.functionsAdmin = admin
	}
	a.metrics.Registry.MustRegister(fnRuntime.Collectors()...)
	a.workers = append(a.workers, fnRuntime.Run)
	return nil
}

// fileFunctions are the TypeScript functions' settings and environment.
func fileFunctions(cfg *config.Config, pool *pgxpool.Pool) (*functions.FileOptions, error) {
	ff := cfg.Functions.Files
	dbURL, dbAddr, err := functionsDB(cfg)
	if err != nil {
		return nil, err
	}
	return &functions.FileOptions{
		Dir: ff.Dir, ConfigPath: ff.ConfigPath, DenoPath: functions.FindDeno(ff.DenoPath), DenoDir: ff.DenoDir,
		Env: map[string]string{"SUPABASE_URL": ff.SupabaseURL, "SUPABASE_ANON_KEY": cfg.AnonKey,
			"SUPABASE_SERVICE_ROLE_KEY": cfg.ServiceRoleKey, "SUPABASE_DB_URL": dbURL},
		DBAddr: dbAddr, NetAllow: ff.NetAllow,
		MemoryMB: ff.MemoryMB, CPUTime: ff.CPUTime, WallClock: ff.WallClock, StartTimeout: ff.StartTimeout,
		IdleTimeout: ff.IdleTimeout, MaxRequests: ff.MaxRequests, MaxConcurrent: ff.MaxConcurrent, MaxQueue: ff.MaxQueue,
		HotReload: ff.HotReload, Pool: pool, DeployDir: ff.DeployDir, SecretsKey: functions.SecretsKey(cfg.JWTSecret),
	}, nil
}

// functionsDB is the functions' SUPABASE_DB_URL, as functions_db on the server's
// database (never DATABASE_URL: a superuser), and the address the server dials for
// them (they may not reach a local or private address themselves). Without
// FUNCTIONS_DB_PASSWORD both are empty.
func functionsDB(cfg *config.Config) (dbURL, addr string, err error) {
	if cfg.FunctionsDBPassword == "" {
		return "", "", nil
	}
	base := cfg.DatabaseURL
	if base == "" {
		base = cfg.AuthenticatorURL
	}
	pc, err := pgconn.ParseConfig(base)
	if err != nil {
		return "", "", fmt.Errorf("DATABASE_URL: %w", err)
	}
	host, port := pc.Host, int(pc.Port)
	addr = net.JoinHostPort(host, strconv.Itoa(port))
	if strings.HasPrefix(host, "/") { // PostgreSQL's own socket folder
		addr = filepath.Join(host, fmt.Sprintf(".s.PGSQL.%d", port))
		host = "localhost"
	}
	u := url.URL{Scheme: "postgresql", User: url.UserPassword("functions_db", cfg.FunctionsDBPassword),
		Host: net.JoinHostPort(host, strconv.Itoa(port)), Path: "/" + pc.Database}
	if p, err := url.Parse(base); err == nil && p.Query().Get("sslmode") != "" {
		u.RawQuery = url.Values{"sslmode": {p.Query().Get("sslmode")}}.Encode()
	}
	return u.String(), addr, nil
}

// newMailer is the SMTP sender, or without SMTP_HOST the log sender, which in
// production leaves the bodies (sign-in links) out of the log.
func (a *app) newMailer() mail.Sender {
	c := a.cfg.Auth.SMTP
	mailer := mail.FromConfig(mail.SMTPConfig{
		Host: c.Host, Port: c.Port, User: c.User, Pass: c.Pass, From: c.AdminEmail, SenderName: c.SenderName, TLS: c.TLS,
	}, a.log.With("component", "mail"))
	if ls, ok := mailer.(*mail.LogSender); ok && a.cfg.Production() {
		ls.Redact = true
	}
	return mailer
}
