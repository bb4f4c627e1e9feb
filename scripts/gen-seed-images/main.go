// Command gen-seed-images draws the illustrations of the seed data (the sample
// fleet and the blog posts) as flat-style JPEGs, writes them to
// migrations/seed/images/, and rewrites the generated storage.objects block of
// migrations/seed/dev.sql with their sizes, so the rows and the bytes agree.
//
//	go run ./scripts/gen-seed-images            (from the repository root)
//
// The output is deterministic: running it again gives the same bytes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image/jpeg"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// fleetCar is one car of migrations/seed/dev.sql: its slug, silhouette, paint and
// how many gallery images it has.
type fleetCar struct {
	slug   string
	body   string
	paint  string
	images int
}

var fleet = []fleetCar{
	{"renault-clio-5", "hatch", "#e4572e", 3},
	{"peugeot-208", "hatch", "#f2c14e", 2},
	{"volkswagen-e-up", "city", "#4ea5d9", 2},
	{"citroen-c4", "crossover", "#2a9d8f", 3},
	{"volkswagen-passat", "sedan", "#3d5a80", 3},
	{"peugeot-508-hybrid", "fastback", "#b8bec8", 3},
	{"mercedes-classe-e", "sedan", "#23262f", 4},
	{"bmw-z4", "roadster", "#1c69d4", 3},
	{"audi-q7", "suv", "#3a5a40", 3},
	{"renault-trafic", "van", "#e6e8eb", 2},
}

var scenes = []string{"day", "city", "sunset", "desert", "night"}

const (
	beginMarker = "-- BEGIN generated storage objects (scripts/gen-seed-images; do not edit by hand)"
	endMarker   = "-- END generated storage objects"
	quality     = 80
	maxBytes    = 150 * 1024
)

func main() {
	dir := flag.String("seed", "migrations/seed", "the seed directory (images/ and dev.sql)")
	flag.Parse()
	if err := run(*dir); err != nil {
		log.Fatal(err)
	}
}

func run(dir string) error {
	imgDir := filepath.Join(dir, "images")
	if err := os.MkdirAll(imgDir, 0o755); err != nil {
		return err
	}
	sizes := map[string]int{}
	write := func(name string, c *canvas) error {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, c.img, &jpeg.Options{Quality: quality}); err != nil {
			return err
		}
		if buf.Len() > maxBytes {
			return fmt.Errorf("%s is %d bytes, more than %d", name, buf.Len(), maxBytes)
		}
		sizes[name] = buf.Len()
		return os.WriteFile(filepath.Join(imgDir, name), buf.Bytes(), 0o644)
	}

	for i, fc := range fleet {
		b := bodies[fc.body]
		for n := 1; n <= fc.images; n++ {
			c := newCanvas(W, H)
			kind := scenes[(i+n-1)%len(scenes)]
			scene(c, kind, uint64(i*10+n))
			drawCar(placeCar(c, b, n), b, hex(fc.paint), kind == "night")
			if err := write(fmt.Sprintf("%s-%d.jpg", fc.slug, n), c); err != nil {
				return err
			}
		}
	}
	for name, draw := range blogImages {
		c := newCanvas(W, H)
		draw(c)
		if err := write(name, c); err != nil {
			return err
		}
	}
	return rewriteDevSQL(filepath.Join(dir, "dev.sql"), sizes)
}

// placeCar positions a car for gallery image n: 1 side view to the right, 2
// mirrored, 3 a closer look at the front, 4 side view again (another scene).
func placeCar(c *canvas, b body, n int) *canvas {
	s := float32(900) / b.L
	switch n {
	case 2:
		return c.at((W+b.L*s)/2, groundY+40, s, true)
	case 3:
		s *= 1.45
		return c.at(W-40-b.L*s, groundY+70, s, false)
	default:
		return c.at((W-b.L*s)/2, groundY+40, s, false)
	}
}

// rewriteDevSQL replaces the generated block of dev.sql with one row per image:
// blog-* files go to the blog-images bucket, the others to car-images, both
// under seed/.
func rewriteDevSQL(path string, sizes map[string]int) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	src := string(raw)
	i, j := strings.Index(src, beginMarker), strings.Index(src, endMarker)
	if i < 0 || j < i {
		return fmt.Errorf("%s: markers %q ... %q not found", path, beginMarker, endMarker)
	}
	names := make([]string, 0, len(sizes))
	for n := range sizes {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(beginMarker + "\n")
	b.WriteString("insert into storage.objects (bucket_id, name, metadata) values\n")
	for k, n := range names {
		bucket := "car-images"
		if strings.HasPrefix(n, "blog-") {
			bucket = "blog-images"
		}
		sep := ","
		if k == len(names)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "  ('%s', 'seed/%s', '{\"mimetype\": \"image/jpeg\", \"size\": %d}')%s\n", bucket, n, sizes[n], sep)
	}
	b.WriteString("on conflict (bucket_id, name) do update set metadata = excluded.metadata;\n")
	out := src[:i] + b.String() + src[j:]
	return os.WriteFile(path, []byte(out), 0o644)
}

// blogImages are the four featured images of the seed blog posts.
var blogImages = map[string]func(c *canvas){
	"blog-aeroport-mohammed-v.jpg": func(c *canvas) {
		rng := rand.New(rand.NewPCG(101, 7))
		c.vgradient(0, groundY, hex("#7cc2ee"), hex("#e6f5fc"))
		mountains(c, rng, hex("#cdb59a"), groundY-80, 430, 6)
		// Terminal: a long glass hall and the control tower.
		c.rect(hex("#e9edf1"), 120, groundY-250, 760, 220)
		c.poly(hex("#d3d9df"), 100, groundY-250, 900, groundY-250, 860, groundY-290, 140, groundY-290)
		for x := float32(140); x < 860; x += 48 {
			c.rect(hex("#7fb3d5"), x, groundY-225, 38, 150)
		}
		c.rect(hex("#d3d9df"), 940, groundY-420, 46, 390)
		c.poly(hex("#5b8fb9"), 910, groundY-470, 1016, groundY-470, 1000, groundY-420, 926, groundY-420)
		c.rect(hex("#c0c8cf"), 906, groundY-482, 114, 14)
		// A plane climbing out.
		p := c.at(760, 170, 1, false)
		p.ellipse(hex("#ffffff"), 0, 0, 230, 30, -0.18)
		p.poly(hex("#dfe6ec"), -20, 0, 60, -10, -40, 130, -90, 125)
		p.poly(hex("#dfe6ec"), -30, -5, 30, -15, -70, -95, -105, -92)
		p.poly(hex("#c0392b"), -190, 30, -150, 20, -225, -60, -250, -58)
		for k := float32(0); k < 8; k++ {
			p.circle(hex("#7fb3d5"), -90+k*28, 10-k*5, 6)
		}
		road(c, hex("#50545c"), hex("#ffffff"))
		b := bodies["hatch"]
		s := float32(0.55)
		drawCar(c.at(260, groundY+60, s, false), b, hex("#e4572e"), false)
	},
	"blog-conduire-au-maroc.jpg": func(c *canvas) {
		rng := rand.New(rand.NewPCG(102, 7))
		c.vgradient(0, 420, hex("#79b8e8"), hex("#fbe7c6"))
		mountains(c, rng, hex("#b9836b"), 430, 230, 6)
		c.rect(hex("#e2b07a"), 0, 420, W, H-420)
		// A road running to the horizon, in perspective.
		c.poly(hex("#55585f"), 560, 420, 640, 420, 1100, H, 100, H)
		for k := range 7 {
			t0 := float32(k) / 7
			t1 := t0 + 0.07
			y0, y1 := 420+(H-420)*t0*t0, 420+(H-420)*t1*t1
			w0, w1 := 3+30*t0*t0, 3+30*t1*t1
			c.poly(hex("#f4f4f4"), 600-w0/2, y0, 600+w0/2, y0, 600+w1/2, y1, 600-w1/2, y1)
		}
		// A warning sign and a milestone.
		c.rect(hex("#8a8f98"), 186, 360, 12, 280)
		c.poly(hex("#c8102e"), 192, 250, 290, 410, 94, 410)
		c.poly(hex("#ffffff"), 192, 285, 262, 396, 122, 396)
		c.rect(hex("#222222"), 186, 320, 12, 46)
		c.circle(hex("#222222"), 192, 380, 7)
		c.rrect(hex("#f5f5f5"), 980, 560, 70, 100, 30)
		c.rect(hex("#c8102e"), 980, 560, 70, 30)
		palm(c, 1120, 560, 200, hex("#8a5a3b"), hex("#3f8f4f"))
	},
	"blog-road-trip-casablanca-marrakech.jpg": func(c *canvas) {
		c.vgradient(0, groundY, hex("#f79d65"), hex("#ffe2b8"))
		c.circle(hex("#fff4d6"), 300, 200, 80)
		// Ochre walls with crenellations and the Koutoubia's tower.
		wall := hex("#c8693e")
		c.rect(wall, 0, groundY-200, W, 180)
		for x := float32(0); x < W; x += 60 {
			c.rect(wall, x, groundY-230, 34, 32)
		}
		c.poly(darken(wall, 0.25), 520, groundY-20, 520, groundY-130, 560, groundY-170, 600, groundY-130, 600, groundY-20)
		tower := hex("#b65a33")
		c.rect(tower, 820, groundY-470, 100, 460)
		c.rect(darken(tower, 0.15), 820, groundY-470, 100, 16)
		c.rect(tower, 848, groundY-530, 44, 62)
		c.poly(hex("#2f8f6b"), 844, groundY-530, 870, groundY-570, 896, groundY-530)
		for y := float32(groundY - 430); y < groundY-100; y += 90 {
			c.rrect(darken(tower, 0.3), 856, y, 28, 46, 12)
		}
		palm(c, 120, groundY-20, 300, hex("#6b4226"), hex("#3d7a40"))
		palm(c, 1090, groundY-20, 260, hex("#6b4226"), hex("#3d7a40"))
		road(c, hex("#4b4650"), hex("#f6d6a8"))
		b := bodies["suv"]
		drawCar(c.at(230, groundY+60, 0.62, false), b, hex("#3a5a40"), false)
	},
	"blog-electrique-ou-hybride.jpg": func(c *canvas) {
		rng := rand.New(rand.NewPCG(104, 7))
		c.vgradient(0, groundY, hex("#a8e0d0"), hex("#f1fbf7"))
		skyline(c, rng, hex("#f4efe6"), hex("#9cc9bd"), false)
		road(c, hex("#5a5e66"), hex("#ffffff"))
		// Charging station with its cable to the car.
		c.rrect(hex("#1f7a5c"), 860, groundY-300, 110, 300, 18)
		c.rrect(hex("#d9f2e8"), 878, groundY-270, 74, 60, 8)
		c.poly(hex("#ffd23f"), 915, groundY-200, 895, groundY-150, 915, groundY-150, 905, groundY-110, 935, groundY-165, 915, groundY-165)
		c.fill(hex("#202020"), func(p pathBuilder) {
			p.move(860, groundY-120)
			p.quad(760, groundY+40, 690, groundY-110)
			p.line(700, groundY-116)
			p.quad(765, groundY+20, 860, groundY-106)
		})
		b := bodies["city"]
		drawCar(c.at(150, groundY+50, 0.85, false), b, hex("#4ea5d9"), false)
		// A leaf: the green choice.
		c.ellipse(hex("#3fa66b"), 200, 160, 90, 42, -0.6)
		c.poly(hex("#2c7d4f"), 130, 215, 270, 105, 274, 110, 136, 220)
	},
}
