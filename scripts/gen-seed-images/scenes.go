package main

import (
	"image/color"
	"math"
	"math/rand/v2"
)

const (
	W       = 1200
	H       = 800
	groundY = 640
)

func sinf(a float32) float32 { return float32(math.Sin(float64(a))) }
func cosf(a float32) float32 { return float32(math.Cos(float64(a))) }

// mountains draws a ridge of peaks between y top and base.
func mountains(c *canvas, rng *rand.Rand, col color.RGBA, base, top float32, peaks int) {
	pts := []float32{0, base + 200, 0, base}
	step := float32(W) / float32(peaks)
	for i := 0; i <= peaks; i++ {
		x := float32(i) * step
		pts = append(pts, x+step*0.5, top+rng.Float32()*(base-top)*0.6, x+step, base-rng.Float32()*(base-top)*0.25)
	}
	pts = append(pts, W, base+200)
	c.poly(col, pts...)
}

func palm(c *canvas, x, y, h float32, trunk, leaf color.RGBA) {
	c.poly(trunk, x-9, y, x+9, y, x+22, y-h, x+8, y-h)
	cx, cy := x+15, y-h
	for i := range 7 {
		a := float32(-math.Pi) + float32(i)*float32(math.Pi)/6
		c.ellipse(leaf, cx+cosf(a)*58, cy+sinf(a)*26+18, 66, 14, a*0.55)
	}
	c.circle(darken(trunk, 0.2), cx, cy+4, 12)
}

func road(c *canvas, asphalt, line color.RGBA) {
	c.rect(lighten(asphalt, 0.35), 0, groundY-34, W, 14)
	c.rect(asphalt, 0, groundY-20, W, H-groundY+20)
	for x := float32(20); x < W; x += 150 {
		c.rect(line, x, groundY+70, 80, 10)
	}
}

// skyline draws white Casablanca blocks and a tall minaret.
func skyline(c *canvas, rng *rand.Rand, wall, window color.RGBA, lit bool) {
	x := float32(-20)
	for x < W {
		w := 70 + rng.Float32()*90
		h := 90 + rng.Float32()*170
		c.rect(wall, x, groundY-34-h, w, h+2)
		for wy := groundY - 34 - h + 18; wy < groundY-60; wy += 34 {
			for wx := x + 12; wx < x+w-20; wx += 26 {
				win := window
				if lit && rng.IntN(3) == 0 {
					win = hex("#ffd66b")
				}
				c.rect(win, wx, wy, 12, 16)
			}
		}
		x += w + 6
	}
	// The minaret (a nod to Hassan II), with its green lantern.
	mx := float32(860)
	c.rect(lighten(wall, 0.1), mx, groundY-34-400, 56, 402)
	c.rect(hex("#2f8f6b"), mx-4, groundY-34-400, 64, 18)
	c.rect(lighten(wall, 0.1), mx+12, groundY-34-450, 32, 52)
	c.poly(hex("#2f8f6b"), mx+8, groundY-34-450, mx+28, groundY-34-490, mx+48, groundY-34-450)
}

// scene paints a background; kinds: day, sunset, city, night, desert.
func scene(c *canvas, kind string, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 7))
	switch kind {
	case "day":
		c.vgradient(0, groundY, hex("#6fb7e9"), hex("#dff1fb"))
		c.circle(hex("#ffe27a"), 980, 140, 62)
		mountains(c, rng, hex("#c9a27e"), groundY-60, 330, 5)
		mountains(c, rng, hex("#b0855f"), groundY-34, 430, 7)
		palm(c, 120, groundY-30, 250, hex("#8a5a3b"), hex("#3f8f4f"))
		palm(c, 1080, groundY-30, 210, hex("#8a5a3b"), hex("#4a9d5a"))
		road(c, hex("#50545c"), hex("#f1f1f1"))
	case "sunset":
		c.vgradient(0, groundY, hex("#f47c5b"), hex("#ffd29b"))
		c.circle(hex("#fff1c1"), 600, groundY-150, 110)
		mountains(c, rng, hex("#9c5a6b"), groundY-70, 360, 6)
		mountains(c, rng, hex("#6e3d57"), groundY-34, 450, 8)
		palm(c, 1040, groundY-30, 260, hex("#3b2433"), hex("#3b2433"))
		road(c, hex("#3e3a44"), hex("#f6d6a8"))
	case "city":
		c.vgradient(0, groundY, hex("#8fd0f0"), hex("#f2fafd"))
		c.circle(hex("#ffffff"), 300, 120, 40)
		c.circle(hex("#ffffff"), 350, 110, 52)
		c.circle(hex("#ffffff"), 405, 124, 38)
		skyline(c, rng, hex("#f4efe6"), hex("#8ab4c9"), false)
		road(c, hex("#5a5e66"), hex("#ffffff"))
	case "night":
		c.vgradient(0, groundY, hex("#0d1b3d"), hex("#31427a"))
		for range 70 {
			c.circle(hex("#f5f3d7"), rng.Float32()*W, rng.Float32()*(groundY-300), 1.2+rng.Float32()*1.8)
		}
		c.circle(hex("#f5f1dc"), 180, 130, 48)
		c.circle(hex("#0f1f45"), 204, 118, 44)
		skyline(c, rng, hex("#26315a"), hex("#33406d"), true)
		road(c, hex("#23262e"), hex("#c9c9c9"))
	case "desert":
		c.vgradient(0, groundY, hex("#f6b26b"), hex("#fde6c4"))
		c.circle(hex("#fff6dc"), 900, 170, 70)
		c.fill(hex("#e9a85f"), func(p pathBuilder) {
			p.move(0, groundY)
			p.quad(300, groundY-220, 650, groundY-60)
			p.quad(900, groundY-200, W, groundY-80)
			p.line(W, groundY)
		})
		c.fill(hex("#d98c45"), func(p pathBuilder) {
			p.move(0, groundY-10)
			p.quad(500, groundY-150, 1000, groundY-20)
			p.line(W, groundY)
			p.line(0, groundY)
		})
		road(c, hex("#6b6158"), hex("#f7e7c6"))
	}
}
