package storage

import (
	"fmt"
	"image"

	"golang.org/x/image/draw"
)

// geometry is what a render of a sw x sh source produces: the output size and
// the part of the source scaled into it.
type geometry struct {
	w, h int
	crop image.Rectangle // relative to the source's origin
}

// renderGeometry applies imgproxy's modes to a sw x sh source: cover fills
// the box and crops the excess (centred), contain fits inside the box, fill
// stretches; with one side only the other follows the source's ratio. An
// output past maxDimension on a side (a one-sided resize of an extreme ratio:
// 1000 x 10 at height 320 would be 32000 wide) is refused, as imgproxy
// refuses a result too big, before anything is decoded or allocated; so a
// rendition's buffer is at most 2500 x 2500 x 4 bytes (25 MB).
func renderGeometry(sw, sh int, t *transformOptions) (geometry, error) {
	if sw <= 0 || sh <= 0 {
		return geometry{}, errInvalidRequest("the object is not a decodable image: empty")
	}
	w, h := int64(t.Width), int64(t.Height)
	switch {
	case w == 0:
		w = max(1, int64(sw)*h/int64(sh))
	case h == 0:
		h = max(1, int64(sh)*w/int64(sw))
	}
	if w > maxDimension || h > maxDimension {
		return geometry{}, errRenditionTooLarge(sw, sh, w, h)
	}
	g := geometry{w: int(w), h: int(h), crop: image.Rect(0, 0, sw, sh)}
	if t.Width > 0 && t.Height > 0 {
		switch t.Resize {
		case "contain":
			scale := min(float64(w)/float64(sw), float64(h)/float64(sh))
			g.w, g.h = max(1, int(float64(sw)*scale+0.5)), max(1, int(float64(sh)*scale+0.5))
		case "fill":
		default: // cover
			if int64(sw)*h > int64(sh)*w { // source is wider: crop its width
				cw := int(int64(sh) * w / h)
				x0 := (sw - cw) / 2
				g.crop = image.Rect(x0, 0, x0+cw, sh)
			} else {
				ch := int(int64(sw) * h / w)
				y0 := (sh - ch) / 2
				g.crop = image.Rect(0, y0, sw, y0+ch)
			}
		}
	}
	return g, nil
}

// errRenditionTooLarge is storage-api's answer when imgproxy refuses a
// result too big (an ImageProcessingError: imgproxy's 422 as the semantic
// status, code InvalidRequest, HTTP 400).
func errRenditionTooLarge(sw, sh int, w, h int64) *apiError {
	return &apiError{status: 422, code: "InvalidRequest", message: fmt.Sprintf(
		"Result image resolution is too big: a %dx%d image would render %dx%d, past the %d pixel maximum per side",
		sw, sh, w, h, maxDimension)}
}

// resize renders src as renderGeometry says.
func resize(src image.Image, t *transformOptions) (image.Image, error) {
	sb := src.Bounds()
	g, err := renderGeometry(sb.Dx(), sb.Dy(), t)
	if err != nil {
		return nil, err
	}
	dst := image.NewRGBA(image.Rect(0, 0, g.w, g.h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, g.crop.Add(sb.Min), draw.Src, nil)
	return dst, nil
}
