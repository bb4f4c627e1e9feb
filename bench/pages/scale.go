package main

import (
	"bytes"
	"compress/gzip"
	"context"
	_ "embed"
	"fmt"
	"io"
	"log"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"casarent/bench/benchkit"

	"github.com/jackc/pgx/v5"
	"github.com/klauspost/compress/zstd"
)

//go:embed grow.sql
var growSQL string

type sized struct {
	cars, posts, pageLangs int
	took                   time.Duration
	peak, childPeak, idle  int64
	stored, formerly       int64 // gzip in the table; HTML + gzip + zstd as each server held them before
	fanout                 float64
}

func scale(sizes []string, addr, dist string) error {
	ctx := context.Background()
	s, err := prepare(ctx, addr, dist, "PAGE_RENDERER=auto")
	if err != nil {
		return err
	}
	defer s.close()
	bin, db, env := s.bin, s.db, s.env
	conn, err := pgx.Connect(ctx, db.URL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	var results []sized
	for _, s := range sizes {
		cars, err := strconv.Atoi(s)
		if err != nil {
			return err
		}
		r, err := measureSize(ctx, conn, bin, env, "http://"+addr, cars)
		if err != nil {
			return fmt.Errorf("%d cars: %w", cars, err)
		}
		results = append(results, r)
	}
	mb := func(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/(1<<20)) }
	fmt.Println("\n| cars / posts | page-languages | start-up burst | peak RSS server / render process | idle RSS | table (gzip) | same pages as HTML + gzip + zstd | one price change renders |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, r := range results {
		fmt.Printf("| %d / %d | %d | %v | %s / %s | %s | %s | %s | %.0f |\n", r.cars, r.posts, r.pageLangs, r.took.Round(100*time.Millisecond),
			mb(r.peak), mb(r.childPeak), mb(r.idle), mb(r.stored), mb(r.formerly), r.fanout)
	}
	return nil
}

func measureSize(ctx context.Context, conn *pgx.Conn, bin string, env []string, base string, cars int) (sized, error) {
	r := sized{cars: cars}
	posts := max(4, cars/3)
	err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `select set_config('grow.cars', $1, true), set_config('grow.posts', $2, true)`, strconv.Itoa(cars), strconv.Itoa(posts)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, growSQL); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `truncate site_pages.pages`) // a fresh start renders everything
		return err
	})
	if err != nil {
		return r, err
	}
	if err := conn.QueryRow(ctx, `select (select count(*) from public.cars), (select count(*) from public.blog_posts where status = 'published')`).Scan(&r.cars, &r.posts); err != nil {
		return r, err
	}
	cmd := exec.Command(bin)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return r, err
	}
	defer func() { _ = cmd.Process.Signal(syscall.SIGTERM); _ = cmd.Wait() }()
	pid := cmd.Process.Pid
	log.Printf("%d cars: rendering every page at start…", r.cars)
	r.peak, r.childPeak = watch(pid, func() bool { return health(base) == "ready" }, 30*time.Minute)
	r.took = time.Since(start)
	time.Sleep(5 * time.Second)
	r.idle = benchkit.RSS(pid)
	rows, err := conn.Query(ctx, `select body from site_pages.pages`)
	if err != nil {
		return r, err
	}
	enc, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderConcurrency(1))
	for rows.Next() {
		var body []byte
		if err := rows.Scan(&body); err != nil {
			return r, err
		}
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return r, err
		}
		raw, _ := io.ReadAll(zr)
		r.pageLangs++
		r.stored += int64(len(body))
		r.formerly += int64(len(raw) + len(body) + len(enc.EncodeAll(raw, nil)))
	}
	if err := rows.Err(); err != nil {
		return r, err
	}

	log.Printf("%d cars: one car's price…", r.cars)
	before, bursts := metric(base, "site_pages_rendered_total"), metric(base, "site_page_bursts_total")
	if _, err := conn.Exec(ctx, `update public.cars set price = price + 1 where id = (select max(id) from public.cars)`); err != nil {
		return r, err
	}
	watch(pid, func() bool { return metric(base, "site_page_bursts_total") > bursts }, 5*time.Minute)
	r.fanout = metric(base, "site_pages_rendered_total") - before
	return r, nil
}

// rentalDir is the rental's project (the bench runs from the repository's root).
func rentalDir() string {
	d, _ := filepath.Abs("rental")
	return d
}
