package main

import "image/color"

// body is a side-view silhouette in its own units: x from the rear (0) to the
// front (L), y up is negative, the ground is y = 0.
type body struct {
	L                     float32 // length
	wheelR                float32
	rearWheel, frontWheel float32 // wheel centres (x)
	clear                 float32 // height of the body's underside
	beltH                 float32 // bottom of the windows
	roofH                 float32
	trunkH, hoodH         float32 // heights of the rear deck and the nose
	rearWinX              float32 // where the rear window meets the belt
	roofRearX, roofFrontX float32
	windBaseX             float32 // where the windscreen meets the belt
	noseR                 float32 // rounding of the bumpers
	pillars               int     // side windows (2 = front and rear door)
	roofless              bool    // a roadster with the top down
	roofColor             color.RGBA
	hasRoofColor          bool
}

var bodies = map[string]body{
	"hatch": {L: 760, wheelR: 62, rearWheel: 135, frontWheel: 612, clear: 40, beltH: 178, roofH: 292,
		trunkH: 200, hoodH: 158, rearWinX: 34, roofRearX: 120, roofFrontX: 430, windBaseX: 548, noseR: 46, pillars: 2},
	"city": {L: 650, wheelR: 58, rearWheel: 112, frontWheel: 530, clear: 38, beltH: 172, roofH: 300,
		trunkH: 196, hoodH: 150, rearWinX: 26, roofRearX: 84, roofFrontX: 378, windBaseX: 478, noseR: 46, pillars: 2},
	"crossover": {L: 800, wheelR: 68, rearWheel: 145, frontWheel: 640, clear: 52, beltH: 196, roofH: 306,
		trunkH: 214, hoodH: 176, rearWinX: 46, roofRearX: 150, roofFrontX: 470, windBaseX: 582, noseR: 46, pillars: 2},
	"sedan": {L: 880, wheelR: 64, rearWheel: 165, frontWheel: 692, clear: 38, beltH: 172, roofH: 282,
		trunkH: 188, hoodH: 156, rearWinX: 170, roofRearX: 292, roofFrontX: 520, windBaseX: 634, noseR: 40, pillars: 2},
	"fastback": {L: 880, wheelR: 64, rearWheel: 165, frontWheel: 692, clear: 38, beltH: 170, roofH: 270,
		trunkH: 182, hoodH: 152, rearWinX: 110, roofRearX: 320, roofFrontX: 520, windBaseX: 640, noseR: 40, pillars: 2},
	"suv": {L: 880, wheelR: 76, rearWheel: 160, frontWheel: 700, clear: 62, beltH: 226, roofH: 350,
		trunkH: 240, hoodH: 204, rearWinX: 38, roofRearX: 86, roofFrontX: 560, windBaseX: 660, noseR: 42, pillars: 3},
	"van": {L: 900, wheelR: 66, rearWheel: 150, frontWheel: 745, clear: 50, beltH: 236, roofH: 410,
		trunkH: 236, hoodH: 206, rearWinX: 10, roofRearX: 14, roofFrontX: 745, windBaseX: 820, noseR: 40, pillars: 4},
	"roadster": {L: 800, wheelR: 62, rearWheel: 150, frontWheel: 640, clear: 36, beltH: 150, roofH: 236,
		trunkH: 166, hoodH: 140, rearWinX: 250, roofRearX: 300, roofFrontX: 420, windBaseX: 480, noseR: 40, roofless: true},
}

var (
	tyre  = hex("#26272b")
	arch  = hex("#17181c")
	rim   = hex("#cfd5dc")
	hub   = hex("#7d848e")
	glass = hex("#9fc6dd")
	light = hex("#fff3c4")
	tail  = hex("#d7263d")
)

// drawCar draws a car of body b and paint colour on c (already placed).
func drawCar(c *canvas, b body, paint color.RGBA, night bool) {
	L := b.L
	// Shadow on the road.
	c.ellipse(alpha(hex("#000000"), 0.28), L/2, 2, L*0.54, b.wheelR*0.28, 0)
	if night {
		// Headlight beam.
		c.poly(alpha(light, 0.30), L-20, -b.hoodH+18, L+520, -b.hoodH-60, L+560, -b.clear+60, L-20, -b.hoodH+34)
	}

	drawSilhouette(c, b, paint)
	drawGreenhouse(c, b, paint)
	drawDetails(c, b, paint)
	for _, x := range []float32{b.rearWheel, b.frontWheel} {
		drawWheel(c, b, x)
	}
}

// drawSilhouette fills the body: underside, nose, hood, windscreen, roof, rear
// window, deck, tail.
func drawSilhouette(c *canvas, b body, paint color.RGBA) {
	L := b.L
	c.fill(paint, func(p pathBuilder) {
		p.move(b.noseR, -b.clear)
		p.line(L-b.noseR, -b.clear)
		p.quad(L, -b.clear, L, -b.clear-b.noseR)
		p.line(L, -b.hoodH+b.noseR)
		p.quad(L, -b.hoodH, L-b.noseR, -b.hoodH)
		p.line(b.windBaseX, -b.beltH)
		if b.roofless {
			p.line(b.rearWinX, -b.beltH)
		} else {
			p.line(b.roofFrontX, -b.roofH)
			p.quad((b.roofFrontX+b.roofRearX)/2, -b.roofH-10, b.roofRearX, -b.roofH)
			p.line(b.rearWinX, -b.beltH)
		}
		p.line(b.noseR*0.6, -b.trunkH)
		p.quad(0, -b.trunkH, 0, -b.trunkH+b.noseR)
		p.line(0, -b.clear-b.noseR)
		p.quad(0, -b.clear, b.noseR, -b.clear)
	})

}

// drawGreenhouse draws the windows and pillars, or a convertible's open cabin.
func drawGreenhouse(c *canvas, b body, paint color.RGBA) {
	if b.roofless {
		// Windscreen frame, seats and the folded top.
		c.poly(glass, b.windBaseX-6, -b.beltH, b.windBaseX-70, -b.roofH+6, b.windBaseX-58, -b.roofH, b.windBaseX+8, -b.beltH)
		c.rrect(hex("#2b2b30"), b.windBaseX-210, -b.beltH-62, 34, 64, 12)
		c.rrect(hex("#2b2b30"), b.windBaseX-140, -b.beltH-56, 30, 58, 12)
		c.rrect(hex("#1f1f24"), b.rearWinX-30, -b.beltH-22, 140, 24, 10)
	} else {
		// Windows: the greenhouse inset, then pillars in the body colour.
		d := float32(11)
		c.poly(glass,
			b.rearWinX+d*2.4, -b.beltH-d*0.6,
			b.roofRearX+d*1.3, -b.roofH+d,
			b.roofFrontX-d*1.0, -b.roofH+d,
			b.windBaseX-d*2.6, -b.beltH-d*0.6)
		// A light reflection across the glass.
		mid := (b.roofRearX + b.roofFrontX) / 2
		c.poly(alpha(hex("#ffffff"), 0.25), mid-40, -b.roofH+d, mid+10, -b.roofH+d, mid-60, -b.beltH-d, mid-110, -b.beltH-d)
		pillar := paint
		if b.hasRoofColor {
			pillar = b.roofColor
		}
		n := max(b.pillars, 2)
		for i := 1; i < n; i++ {
			x := b.roofRearX + (b.roofFrontX-b.roofRearX)*float32(i)/float32(n) + 10
			c.rect(pillar, x-9, -b.roofH, 18, b.roofH-b.beltH)
		}
		if b.hasRoofColor {
			c.rect(b.roofColor, b.roofRearX, -b.roofH-4, b.roofFrontX-b.roofRearX, 16)
		}
	}

}

// drawDetails draws the belt line, rocker panel, doors, mirror and lights.
func drawDetails(c *canvas, b body, paint color.RGBA) {
	L := b.L
	dark := darken(paint, 0.35)
	// Belt-line highlight and rocker panel.
	c.rect(lighten(paint, 0.25), b.rearWinX+30, -b.beltH+6, b.windBaseX-b.rearWinX-50, 7)
	c.rect(dark, b.rearWheel, -b.clear-18, b.frontWheel-b.rearWheel, 18)
	// Doors: lines and handles.
	doors := []float32{(b.rearWheel + b.frontWheel) / 2, b.frontWheel - b.wheelR*1.5}
	if b.pillars >= 3 {
		doors = append(doors, b.rearWheel+b.wheelR*1.6)
	}
	for _, x := range doors {
		c.rect(dark, x-2, -b.beltH+2, 4, b.beltH-b.clear-22)
		c.rrect(darken(paint, 0.2), x-58, -b.beltH+26, 36, 10, 5)
	}
	// Mirror, lights.
	if !b.roofless {
		c.rrect(dark, b.windBaseX-34, -b.beltH-22, 34, 22, 8)
	}
	c.poly(light, L-86, -b.hoodH+8, L-b.noseR*0.5, -b.hoodH+8, L-5, -b.hoodH+32, L-76, -b.hoodH+30)
	c.poly(tail, 5, -b.trunkH+14, 40, -b.trunkH+12, 44, -b.trunkH+40, 4, -b.trunkH+42)
	c.rrect(hex("#2a2b30"), L-60, -b.clear-34, 56, 14, 6) // front bumper grille

}

// drawWheel draws the wheel centred at x: arch, tyre, rim and five spokes.
func drawWheel(c *canvas, b body, x float32) {
	c.circle(arch, x, -b.wheelR, b.wheelR*1.16)
	c.circle(tyre, x, -b.wheelR, b.wheelR)
	c.circle(rim, x, -b.wheelR, b.wheelR*0.62)
	for i := range 5 {
		a := float32(i) * 2 * 3.14159265 / 5
		c.ellipse(hub, x+b.wheelR*0.36*cosf(a), -b.wheelR+b.wheelR*0.36*sinf(a), b.wheelR*0.2, b.wheelR*0.07, a)
	}
	c.circle(hub, x, -b.wheelR, b.wheelR*0.17)
}
