// Command pages measures the public pages the server renders ahead of visitors
// (rental/website/pagerender.go), with the site's real server bundle, once per way of
// running the renderer (PAGE_RENDERER=deno, a Deno process per burst;
// PAGE_RENDERER=process, a child process of the server with goja per burst; and
// PAGE_RENDERER=inline, a goja VM in the server dropped after each burst):
//
//	start-up: time to render every page, peak RSS of the server (and of its
//	          render process) meanwhile, RSS once idle
//	change:   a content change touching every car and post page: time to
//	          render them again, peak RSS meanwhile
//	flood:    distinct URLs, cookies and Accept-Language values over HTTP:
//	          p50/p99 of the answers, renders caused (must be 0), RSS after
//
// It builds the server, needs DATABASE_URL (a superuser URL of a scratch
// cluster) and a built site (cd frontend && npm run build); it creates a
// throw-away database, seeds it, and drops it at the end. RSS is Linux's VmRSS.
//
//	go run ./bench/pages [-modes deno,process,inline] [-n 2000] [-c 4] [-addr 127.0.0.1:26210]
//
// With -cars 10,300,1000 it measures instead how the pages grow with the site
// (PAGE_RENDERER=auto): the seeded site grown to each number of cars (and a
// third as many posts, bench/pages/grow.sql), the table of pages emptied, the
// server started: start-up burst, peak and idle RSS, what the table of pages
// holds (and what the same pages took as HTML, gzip and zstd in memory), and how
// many page-languages one car's price change renders.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/bench/benchdb"
	"casarent/bench/benchkit"
	"casarent/server/config"
)

func main() {
	modes := flag.String("modes", "deno,process,inline", "ways of running the renderer to compare")
	n := flag.Int("n", 2000, "requests of the flood")
	conc := flag.Int("c", 4, "concurrent clients of the flood")
	addr := flag.String("addr", "127.0.0.1:26210", "the server's address")
	dist := flag.String("dist", "frontend/dist", "the built site")
	cars := flag.String("cars", "", "sizes of the site to measure (numbers of cars, comma-separated), instead of the renderers")
	flag.Parse()
	if *cars != "" {
		if err := scale(strings.Split(*cars, ","), *addr, *dist); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := run(strings.Split(*modes, ","), *n, *conc, *addr, *dist); err != nil {
		log.Fatal(err)
	}
}

type result struct {
	mode                                    string
	startTook, changeTook                   time.Duration
	startPeak, startChildPeak, idle         int64
	changePeak, changeChildPeak, afterFlood int64
	pages, changed, floodRenders            float64
	p50, p99                                time.Duration
}

func run(modes []string, n, conc int, addr, dist string) error {
	ctx := context.Background()
	s, err := prepare(ctx, addr, dist)
	if err != nil {
		return err
	}
	defer s.close()
	bin, db, env := s.bin, s.db, s.env
	var results []result
	for _, mode := range modes {
		r, err := measure(ctx, bin, append(env, "PAGE_RENDERER="+mode), db.URL, "http://"+addr, mode, n, conc)
		if err != nil {
			return fmt.Errorf("%s: %w", mode, err)
		}
		results = append(results, r)
	}
	mb := func(b int64) string { return fmt.Sprintf("%d MB", b>>20) }
	fmt.Printf("\n%-8s %10s %6s %11s %11s %9s %11s %6s %11s %11s %10s %9s %9s %8s\n", "renderer", "start-up", "pages", "server peak", "child peak", "idle",
		"change", "pages", "server peak", "child peak", "after flood", "p50", "p99", "renders")
	for _, r := range results {
		fmt.Printf("%-8s %10s %6.0f %11s %11s %9s %11s %6.0f %11s %11s %10s %9s %9s %8.0f\n", r.mode, r.startTook.Round(100*time.Millisecond), r.pages,
			mb(r.startPeak), mb(r.startChildPeak), mb(r.idle), r.changeTook.Round(100*time.Millisecond), r.changed, mb(r.changePeak), mb(r.changeChildPeak),
			mb(r.afterFlood), r.p50.Round(time.Microsecond), r.p99.Round(time.Microsecond), r.floodRenders)
	}
	return nil
}

func measure(ctx context.Context, bin string, env []string, dbURL, base, mode string, n, conc int) (result, error) {
	res := result{mode: mode}
	cmd := exec.Command(bin)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return res, err
	}
	defer func() { _ = cmd.Process.Signal(syscall.SIGTERM); _ = cmd.Wait() }()
	pid := cmd.Process.Pid
	log.Printf("%s: rendering every page at start…", mode)
	res.startPeak, res.startChildPeak = watch(pid, func() bool { return health(base) == "ready" }, 15*time.Minute)
	res.startTook = time.Since(start)
	res.pages = metric(base, "site_pages_rendered_total")
	time.Sleep(3 * time.Second)
	res.idle = benchkit.RSS(pid)

	log.Printf("%s: a change to every car and post…", mode)
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return res, err
	}
	before, bursts := res.pages, metric(base, "site_page_bursts_total")
	start = time.Now()
	if _, err := conn.Exec(ctx, "update public.cars set price = price + 1; update public.blog_posts set updated_at = now()"); err != nil {
		return res, err
	}
	conn.Close(ctx)
	res.changePeak, res.changeChildPeak = watch(pid, func() bool { return metric(base, "site_page_bursts_total") > bursts }, 15*time.Minute)
	res.changeTook = time.Since(start)
	res.changed = metric(base, "site_pages_rendered_total") - before
	time.Sleep(3 * time.Second)

	log.Printf("%s: a flood of %d distinct requests…", mode, n)
	slug := firstCar(base)
	paths := []string{"/", "/vehicles", "/cars/" + slug}
	langs := []string{"fr", "ar-MA,ar;q=0.9", "en-GB", "de", "zh-CN", "", "*"}
	before = metric(base, "site_pages_rendered_total")
	var mu sync.Mutex
	var took []time.Duration
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 30 * time.Second}
	for w := range conc {
		wg.Go(func() {
			for i := w; i < n; i += conc {
				req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s%s?r%d=%x", base, paths[i%len(paths)], i, rand.Uint64()), nil)
				req.Header.Set("Accept-Language", langs[rand.IntN(len(langs))])
				req.Header.Set("Cookie", fmt.Sprintf("visitor=%x; consent=%d", rand.Uint64(), i))
				req.Header.Set("Accept-Encoding", "zstd, gzip")
				t := time.Now()
				resp, err := client.Do(req)
				if err == nil {
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				d := time.Since(t)
				mu.Lock()
				took = append(took, d)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	slices.Sort(took)
	res.p50, res.p99 = took[len(took)/2], took[len(took)*99/100]
	res.floodRenders = metric(base, "site_pages_rendered_total") - before
	res.afterFlood = benchkit.RSS(pid)
	return res, nil
}

// watch samples the RSS of pid and of its children until done (or timeout) and
// returns both peaks.
func watch(pid int, done func() bool, timeout time.Duration) (peak, childPeak int64) {
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		peak = max(peak, benchkit.RSS(pid))
		for _, c := range children(pid) {
			childPeak = max(childPeak, benchkit.RSS(c))
		}
		if done() {
			return
		}
	}
	log.Printf("gave up waiting after %v", timeout)
	return
}

// children are the processes whose parent is pid.
func children(pid int) []int {
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		c, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", c))
		if err != nil {
			continue
		}
		// pid (comm) state ppid …: comm may hold spaces, so read after the last ')'.
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			out = append(out, c)
		}
	}
	return out
}

func health(base string) string {
	resp, err := http.Get(base + "/health")
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if m := regexp.MustCompile(`"pages":"(\w+)"`).FindSubmatch(b); m != nil {
		return string(m[1])
	}
	return ""
}

// metric reads one value of /metrics (the service key of the bench's JWT secret).
func metric(base, name string) float64 {
	req, _ := http.NewRequest(http.MethodGet, base+"/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+serviceKey())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	s := bufio.NewScanner(resp.Body)
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), name+" "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return f
		}
	}
	return -1
}

func firstCar(base string) string {
	req, _ := http.NewRequest(http.MethodGet, base+"/rest/v1/cars?select=slug&order=id&limit=1", nil)
	req.Header.Set("apikey", serviceKey())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "none"
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if m := regexp.MustCompile(`"slug":"([^"]+)"`).FindSubmatch(b); m != nil {
		return string(m[1])
	}
	return "none"
}

// serviceKey is the service_role key the server derives from the bench's secret.
func serviceKey() string {
	k, err := config.DeriveKey(benchdb.JWTSecret, "service_role")
	if err != nil {
		log.Fatal(err)
	}
	return k
}
