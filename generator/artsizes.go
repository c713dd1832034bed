package generator

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"path"
	"strings"

	"golang.org/x/image/draw"

	"github.com/promohq/promo/internal/content"
)

// artWidths are the widths a raster hero art is published in besides its own
// (DESIGN §9: responsive sizes where the source is raster): a phone at 1× and 2×,
// and twice the art's largest box for high-density desktops. Only those narrower
// than the source are made; an image is never scaled up.
var artWidths = []int{480, 768, 1120}

// artSizes is the art's displayed width for the browser's choice among them, from
// the hero's layout in components/sections/sections.css: the content column (page
// padding 20 px each side) up to the art's 560 px box on phones, and one of two
// columns of the 1,120 px content width from 768 px.
const artSizes = "(min-width: 768px) 524px, min(560px, calc(100vw - 40px))"

// artVariants keeps the scaled images of the builder's previous build: watch mode
// rebuilds a campaign on every save and must not scale its art again each time.
// Each build starts a new one with what it used, so replaced art does not pile up.
type artVariants map[[32]byte][]byte // sha256 of source and width → encoded image

// scaledArt returns srcset entries ("/assets/img/x-480w-HASH.png 480w") for the
// narrower sizes of a PNG or JPEG art, writing each under a content-hashed name, and
// the entry of the source itself last. Other formats (SVG scales by itself; a GIF
// may be animated) give none.
func (b *build) scaledArt(slug, name string, data []byte, width int, src string) ([]string, error) {
	format := ""
	switch strings.ToLower(path.Ext(name)) {
	case ".png":
		format = "png"
	case ".jpg", ".jpeg":
		format = "jpeg"
	default:
		return nil, nil
	}
	var entries []string
	var img image.Image
	for _, w := range artWidths {
		if w >= width {
			break
		}
		key := sha256.Sum256(append(append([]byte{}, data...), fmt.Sprint(w)...))
		out, ok := b.lastVariants[key]
		if !ok {
			if img == nil {
				var err error
				if img, _, err = image.Decode(bytes.NewReader(data)); err != nil {
					return nil, fmt.Errorf("cannot decode the image to scale it: %v", err)
				}
			}
			var err error
			if out, err = scale(img, w, format); err != nil {
				return nil, err
			}
		}
		b.variants[key] = out
		ext := path.Ext(name)
		rel := path.Join(path.Dir(strings.TrimPrefix(src, "/")), content.HashedName(fmt.Sprintf("%s-%s-%dw%s", slug, strings.TrimSuffix(path.Base(name), ext), w, ext), out))
		if err := b.out.write(rel, out); err != nil {
			return nil, err
		}
		entries = append(entries, fmt.Sprintf("/%s %dw", rel, w))
	}
	if len(entries) == 0 {
		return nil, nil
	}
	return append(entries, fmt.Sprintf("%s %dw", src, width)), nil
}

// scale draws img at width w (height by its ratio) with Catmull-Rom, the sharpest of
// x/image/draw's kernels for downscaling, and encodes it as the source was.
func scale(img image.Image, w int, format string) ([]byte, error) {
	bounds := img.Bounds()
	h := max(1, (bounds.Dy()*w+bounds.Dx()/2)/bounds.Dx())
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, bounds, draw.Src, nil)
	var buf bytes.Buffer
	var err error
	if format == "png" {
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, dst)
	} else {
		err = jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 82})
	}
	return buf.Bytes(), err
}
