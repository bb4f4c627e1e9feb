package main

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// canvas draws anti-aliased flat shapes. Coordinates go through a transform, so
// a car is drawn once in its own units and placed, scaled or mirrored per view.
type canvas struct {
	img  *image.RGBA
	r    *vector.Rasterizer
	ox   float32 // origin on the image
	oy   float32
	s    float32 // scale
	flip bool    // mirror horizontally around the origin
}

func newCanvas(w, h int) *canvas {
	return &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), r: vector.NewRasterizer(w, h), s: 1}
}

// at returns a canvas drawing on the same image with another transform.
func (c *canvas) at(ox, oy, s float32, flip bool) *canvas {
	return &canvas{img: c.img, r: c.r, ox: ox, oy: oy, s: s, flip: flip}
}

func (c *canvas) pt(x, y float32) (float32, float32) {
	if c.flip {
		x = -x
	}
	return c.ox + x*c.s, c.oy + y*c.s
}

// pathBuilder records one closed shape in the canvas' coordinates.
type pathBuilder struct{ c *canvas }

func (p pathBuilder) move(x, y float32) { p.c.r.MoveTo(p.c.pt(x, y)) }
func (p pathBuilder) line(x, y float32) { p.c.r.LineTo(p.c.pt(x, y)) }
func (p pathBuilder) quad(bx, by, x, y float32) {
	ax, ay := p.c.pt(bx, by)
	cx, cy := p.c.pt(x, y)
	p.c.r.QuadTo(ax, ay, cx, cy)
}

func (c *canvas) fill(col color.Color, build func(p pathBuilder)) {
	b := c.img.Bounds()
	c.r.Reset(b.Dx(), b.Dy())
	build(pathBuilder{c})
	c.r.ClosePath()
	c.r.Draw(c.img, b, image.NewUniform(col), image.Point{})
}

func (c *canvas) poly(col color.Color, pts ...float32) {
	c.fill(col, func(p pathBuilder) {
		p.move(pts[0], pts[1])
		for i := 2; i+1 < len(pts); i += 2 {
			p.line(pts[i], pts[i+1])
		}
	})
}

func (c *canvas) rect(col color.Color, x, y, w, h float32) {
	c.poly(col, x, y, x+w, y, x+w, y+h, x, y+h)
}

// ellipse at (cx, cy) with radii rx, ry turned by angle (radians).
func (c *canvas) ellipse(col color.Color, cx, cy, rx, ry, angle float32) {
	const n = 72
	sin, cos := math.Sincos(float64(angle))
	c.fill(col, func(p pathBuilder) {
		for i := range n {
			t := 2 * math.Pi * float64(i) / n
			ex, ey := float64(rx)*math.Cos(t), float64(ry)*math.Sin(t)
			x := cx + float32(ex*cos-ey*sin)
			y := cy + float32(ex*sin+ey*cos)
			if i == 0 {
				p.move(x, y)
			} else {
				p.line(x, y)
			}
		}
	})
}

func (c *canvas) circle(col color.Color, cx, cy, r float32) { c.ellipse(col, cx, cy, r, r, 0) }

// rrect is a rectangle with rounded corners of radius rad.
func (c *canvas) rrect(col color.Color, x, y, w, h, rad float32) {
	c.fill(col, func(p pathBuilder) {
		p.move(x+rad, y)
		p.line(x+w-rad, y)
		p.quad(x+w, y, x+w, y+rad)
		p.line(x+w, y+h-rad)
		p.quad(x+w, y+h, x+w-rad, y+h)
		p.line(x+rad, y+h)
		p.quad(x, y+h, x, y+h-rad)
		p.line(x, y+rad)
		p.quad(x, y, x+rad, y)
	})
}

// vgradient paints rows y0..y1 from top to bottom colour (no transform).
func (c *canvas) vgradient(y0, y1 int, top, bottom color.RGBA) {
	w := c.img.Bounds().Dx()
	for y := y0; y < y1; y++ {
		t := float64(y-y0) / float64(max(y1-y0-1, 1))
		col := mix(top, bottom, t)
		for x := range w {
			c.img.SetRGBA(x, y, col)
		}
	}
}

func hex(s string) color.RGBA {
	var v uint32
	for _, ch := range s[1:] {
		v <<= 4
		switch {
		case ch >= '0' && ch <= '9':
			v |= uint32(ch - '0')
		case ch >= 'a' && ch <= 'f':
			v |= uint32(ch-'a') + 10
		case ch >= 'A' && ch <= 'F':
			v |= uint32(ch-'A') + 10
		}
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

func darken(c color.RGBA, t float64) color.RGBA  { return mix(c, color.RGBA{0, 0, 0, 255}, t) }
func lighten(c color.RGBA, t float64) color.RGBA { return mix(c, color.RGBA{255, 255, 255, 255}, t) }

// alpha gives c with opacity a (0..1), premultiplied as image/color expects.
func alpha(c color.RGBA, a float64) color.RGBA {
	m := func(x uint8) uint8 { return uint8(math.Round(float64(x) * a)) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), uint8(math.Round(255 * a))}
}
