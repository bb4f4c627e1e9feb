// Command project measures a server started on a project of its own (an empty
// folder: the platform alone) against the same binary serving the rental's
// project, in the same run: time from start to /health answering with the
// database up (a fresh database each time, so the migrations are part of it), and
// RSS once idle. The rental's figures are the baseline the ratios are printed
// against; the machine is shared, so only the ratios travel.
//
// It builds the server and needs DATABASE_URL (a superuser URL of a scratch
// cluster); each run creates a throw-away database and drops it. The rental is
// served without its site build (FRONTEND_DIST empty), as the API it is.
//
//	go run ./bench/project [-runs 3] [-idle 5s] [-addr 127.0.0.1:26230]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	"casarent/bench/benchkit"

	"github.com/jackc/pgx/v5"
)

func main() {
	runs := flag.Int("runs", 3, "starts per project")
	idle := flag.Duration("idle", 5*time.Second, "wait after /health before reading RSS")
	addr := flag.String("addr", "127.0.0.1:26230", "listen address of the server under test")
	flag.Parse()
	ws, err := benchkit.NewWorkspace("bench-project-")
	if err != nil {
		log.Fatal(err)
	}
	defer ws.Close()
	cluster, work, bin := ws.Cluster, ws.Dir, ws.Bin
	repo, _ := os.Getwd()
	own := filepath.Join(work, "own")
	if err := os.MkdirAll(own, 0o755); err != nil {
		log.Fatal(err)
	}
	type figures struct{ start, rss []float64 }
	measure := func(project string) figures {
		var f figures
		for i := range *runs {
			s, r := startOnce(bin, cluster, project, filepath.Join(work, fmt.Sprintf("data-%d", i)), *addr, *idle)
			f.start, f.rss = append(f.start, s.Seconds()), append(f.rss, float64(r)/(1<<20))
		}
		return f
	}
	rental := measure(filepath.Join(repo, "rental"))
	bare := measure(own)
	fmt.Printf("%-22s %12s %12s\n", "project", "start→/health", "idle RSS")
	fmt.Printf("%-22s %11.2fs %9.1f MB\n", "rental (baseline)", median(rental.start), median(rental.rss))
	fmt.Printf("%-22s %11.2fs %9.1f MB\n", "own (empty folder)", median(bare.start), median(bare.rss))
	fmt.Printf("ratio own/rental: start %.2f, idle RSS %.2f (medians of %d starts each)\n",
		median(bare.start)/median(rental.start), median(bare.rss)/median(rental.rss), *runs)
}

// startOnce starts the binary on a fresh database with project as its working
// folder and PROJECT_DIR, and returns the time until /health said the database
// is up, and its RSS after idle.
func startOnce(bin, cluster, project, dataDir, addr string, idle time.Duration) (time.Duration, int64) {
	ctx := context.Background()
	name := fmt.Sprintf("bench_project_%d", time.Now().UnixNano())
	admin, err := pgx.Connect(ctx, cluster)
	if err != nil {
		log.Fatal(err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "create database "+name); err != nil {
		log.Fatal(err)
	}
	defer admin.Exec(ctx, "drop database "+name+" with (force)") //nolint:errcheck
	u, _ := pgx.ParseConfig(cluster)
	dbURL := fmt.Sprintf("postgres://%s:%s@%s:%d/%s?sslmode=disable", u.User, u.Password, u.Host, u.Port, name)
	cmd := exec.Command(bin)
	cmd.Dir = project
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "PROJECT_DIR="+project, "DATA_DIR="+dataDir,
		"LISTEN_ADDR="+addr, "FRONTEND_DIST=", "PAGE_RENDERER=inline")
	began := time.Now()
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	for {
		if res, err := http.Get("http://" + addr + "/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Since(began) > time.Minute {
			log.Fatalf("%s: no /health within a minute", project)
		}
		time.Sleep(10 * time.Millisecond)
	}
	took := time.Since(began)
	time.Sleep(idle)
	return took, benchkit.RSS(cmd.Process.Pid)
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}
