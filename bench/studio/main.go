// Command studio measures what Supabase Studio's database API (/pg, pgmeta/)
// costs in memory: the server's RSS idle (no postgres-meta running), then the
// server's and postgres-meta's after the calls Studio makes when its table editor,
// SQL editor and type generator are opened, then both again once postgres-meta
// was stopped for being idle.
//
// It builds the server and needs DATABASE_URL (a superuser URL of a scratch
// cluster) and postgres-meta installed (scripts/lib.sh ensure_pgmeta); it serves
// the rental's project without its site build, on a throw-away database.
//
//	go run ./bench/studio [-idle 5s] [-addr 127.0.0.1:26240]
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"casarent/bench/benchkit"

	"github.com/jackc/pgx/v5"
)

const secret = "bench-studio-jwt-secret-0123456789abcdef"

// running is the server under test: fail stops it (log.Fatal skips deferred calls).
var running *exec.Cmd

func fail(format string, args ...any) {
	if running != nil && running.Process != nil {
		_ = running.Process.Kill()
	}
	log.Fatalf(format, args...)
}

func main() {
	idle := flag.Duration("idle", 5*time.Second, "wait after /health before reading the idle RSS")
	addr := flag.String("addr", "127.0.0.1:26240", "listen address of the server under test")
	flag.Parse()
	ws, err := benchkit.NewWorkspace("bench-studio-")
	if err != nil {
		log.Fatal(err)
	}
	defer ws.Close()
	cluster, work, bin := ws.Cluster, ws.Dir, ws.Bin
	repo, _ := os.Getwd()
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, cluster)
	if err != nil {
		log.Fatal(err)
	}
	defer admin.Close(ctx)
	name := fmt.Sprintf("bench_studio_%d", time.Now().UnixNano())
	if _, err := admin.Exec(ctx, "create database "+name); err != nil {
		log.Fatal(err)
	}
	defer admin.Exec(ctx, "drop database "+name+" with (force)") //nolint:errcheck
	u, _ := pgx.ParseConfig(cluster)
	cmd := exec.Command(bin)
	cmd.Dir = repo
	cmd.Env = append(os.Environ(), fmt.Sprintf("DATABASE_URL=postgres://%s:%s@%s:%d/%s?sslmode=disable", u.User, u.Password, u.Host, u.Port, name),
		"PROJECT_DIR="+filepath.Join(repo, "rental"), "DATA_DIR="+filepath.Join(work, "data"), "LISTEN_ADDR="+*addr,
		"FRONTEND_DIST=", "PAGE_RENDERER=inline", "JWT_SECRET="+secret, "PG_META_IDLE_TIMEOUT=3s")
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	running = cmd
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	base := "http://" + *addr
	waitHealthy(base)
	time.Sleep(*idle)
	report("idle (no postgres-meta)", cmd.Process.Pid)
	began := time.Now()
	studioCalls(base, serviceKey(bin))
	fmt.Printf("Studio-like calls took %.1fs (postgres-meta's start included)\n", time.Since(began).Seconds())
	report("after Studio's calls", cmd.Process.Pid)
	time.Sleep(8 * time.Second) // PG_META_IDLE_TIMEOUT=3s, checked every 750ms
	report("postgres-meta idle, stopped", cmd.Process.Pid)
}

func serviceKey(bin string) string {
	keys := exec.Command(bin, "keys")
	keys.Env = append(os.Environ(), "JWT_SECRET="+secret)
	out, err := keys.Output()
	if err != nil {
		fail("server keys: %v", err)
	}
	m := regexp.MustCompile(`SERVICE_ROLE_KEY=(\S+)`).FindSubmatch(out)
	if m == nil {
		fail("server keys printed no SERVICE_ROLE_KEY")
	}
	return string(m[1])
}

func waitHealthy(base string) {
	for began := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get(base + "/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Since(began) > 2*time.Minute {
			fail("no /health within two minutes")
		}
	}
}

// studioCalls are what Studio asks when its table editor, SQL editor and API docs
// are opened, a few times over.
func studioCalls(base, key string) {
	gets := []string{"/schemas", "/tables?included_schemas=public", "/columns?included_schemas=public", "/policies",
		"/roles", "/extensions", "/functions?included_schemas=public", "/triggers", "/views", "/types", "/publications",
		"/config/version", "/indexes?included_schemas=public", "/generators/typescript?included_schemas=public"}
	queries := []string{`select * from public.cars limit 100`, `select count(*) from auth.users`,
		`select n.nspname, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' order by 1, 2`}
	for range 5 {
		for _, p := range gets {
			call("GET", base+"/pg"+p, key, "")
		}
		for _, q := range queries {
			call("POST", base+"/pg/query", key, fmt.Sprintf(`{"query": %q}`, q))
		}
	}
}

func call(method, url, key, body string) {
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("apikey", key)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		fail("%s %s: %v", method, url, err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		fail("%s %s: %d %.300s", method, url, res.StatusCode, b)
	}
}

// report prints the server's RSS and its children's (postgres-meta's Deno).
func report(when string, pid int) {
	server, children := benchkit.RSS(pid), int64(0)
	for _, c := range childPids(pid) {
		children += benchkit.RSS(c)
	}
	fmt.Printf("%-30s server %6.1f MB   postgres-meta %6.1f MB   total %6.1f MB\n", when,
		float64(server)/(1<<20), float64(children)/(1<<20), float64(server+children)/(1<<20))
}

func childPids(pid int) []int {
	var out []int
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	for _, f := range tasks {
		b, _ := os.ReadFile(f)
		for _, s := range bytes.Fields(b) {
			if n, err := strconv.Atoi(string(s)); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}
