package generator

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	_ "image/gif" // DecodeConfig of a campaign's art
	_ "image/jpeg"
	_ "image/png"
	"math"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/promohq/promo/internal/bundle"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
)

// publishArt copies an image of the campaign folder under a content-hashed name
// (cached for a year, DESIGN §2) and reads its intrinsic size, so the page reserves
// its room before it loads. It returns the site path and the size, and for raster
// art its narrower sizes (artsizes.go).
func (b *build) publishArt(c *content.Campaign, name string) (*contract.Art, error) {
	file := path.Join(content.CampaignsDir, c.Slug, name)
	data, err := os.ReadFile(filepath.Join(b.site.Root, filepath.FromSlash(file)))
	if err != nil {
		return nil, err
	}
	w, h, err := imageSize(name, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (give the image a width and height)", file, err)
	}
	rel := path.Join(bundle.AssetsDir, "img", hashedName(c.Slug+"-"+path.Base(name), data))
	if err := b.out.write(rel, data); err != nil {
		return nil, err
	}
	art := &contract.Art{Src: "/" + rel, Width: w, Height: h}
	srcset, err := b.scaledArt(c.Slug, name, data, w, art.Src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if srcset != nil {
		art.SrcSet, art.Sizes = strings.Join(srcset, ", "), artSizes
	}
	return art, nil
}

// imageSize is the intrinsic size of a PNG, JPEG or GIF, or of an SVG from its width
// and height attributes or, without them, its viewBox.
func imageSize(name string, data []byte) (int, int, error) {
	if strings.EqualFold(path.Ext(name), ".svg") {
		return svgSize(data)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return 0, 0, fmt.Errorf("cannot read the image's size: %v", err)
	}
	return cfg.Width, cfg.Height, nil
}

func svgSize(data []byte) (int, int, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return 0, 0, fmt.Errorf("not an SVG document: %v", err)
		}
		root, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root.Name.Local != "svg" {
			return 0, 0, fmt.Errorf("the root element is <%s>, not <svg>", root.Name.Local)
		}
		attrs := map[string]string{}
		for _, a := range root.Attr {
			attrs[a.Name.Local] = a.Value
		}
		w, werr := strconv.ParseFloat(strings.TrimSuffix(attrs["width"], "px"), 64)
		h, herr := strconv.ParseFloat(strings.TrimSuffix(attrs["height"], "px"), 64)
		if werr == nil && herr == nil && w > 0 && h > 0 {
			return int(math.Round(w)), int(math.Round(h)), nil
		}
		if box := strings.Fields(strings.ReplaceAll(attrs["viewBox"], ",", " ")); len(box) == 4 {
			w, werr = strconv.ParseFloat(box[2], 64)
			h, herr = strconv.ParseFloat(box[3], 64)
			if werr == nil && herr == nil && w > 0 && h > 0 {
				return int(math.Round(w)), int(math.Round(h)), nil
			}
		}
		return 0, 0, fmt.Errorf("the <svg> has neither width and height in pixels nor a viewBox")
	}
}
