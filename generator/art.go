package generator

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
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
	w, h, err := content.ImageSize(name, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (give the image a width and height)", file, err)
	}
	rel := path.Join(bundle.AssetsDir, "img", content.HashedName(c.Slug+"-"+path.Base(name), data))
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
