package content

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"image"
	_ "image/gif" // DecodeConfig of a campaign's images
	_ "image/jpeg"
	_ "image/png"
	"math"
	"path"
	"strconv"
	"strings"

	_ "golang.org/x/image/webp" // hero art and rules images may be WebP
)

// Images of a campaign folder (hero art, images in rules files) are published under
// content-hashed names with their intrinsic size, so pages reserve their room.

// HashedName inserts the first 8 bytes of the content's SHA-256 before the extension.
func HashedName(name string, data []byte) string {
	sum := sha256.Sum256(data)
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "-" + strings.ToUpper(hex.EncodeToString(sum[:4])) + ext
}

// ImageSize is the intrinsic size of a PNG, JPEG or GIF, or of an SVG from its width
// and height attributes or, without them, its viewBox.
func ImageSize(name string, data []byte) (int, int, error) {
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
