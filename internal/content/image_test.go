package content

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

// An image's intrinsic size comes from the file: PNG by its header, SVG by its width
// and height or else its viewBox; without either the build says how to fix it.
func TestImageSize(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 640, 360))); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, data string
		w, h       int
		err        string
	}{
		{name: "a.png", data: buf.String(), w: 640, h: 360},
		{name: "a.svg", data: `<?xml version="1.0"?><!-- art --><svg xmlns="http://www.w3.org/2000/svg" width="960px" height="540"/>`, w: 960, h: 540},
		{name: "a.svg", data: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270.4"/>`, w: 480, h: 270},
		{name: "a.svg", data: `<svg xmlns="http://www.w3.org/2000/svg" width="100%"/>`, err: "neither width and height in pixels nor a viewBox"},
		{name: "a.svg", data: `<html/>`, err: "the root element is <html>, not <svg>"},
		{name: "a.png", data: "not a png", err: "cannot read the image's size"},
	} {
		w, h, err := ImageSize(c.name, []byte(c.data))
		if c.err != "" {
			if err == nil || !bytes.Contains([]byte(err.Error()), []byte(c.err)) {
				t.Errorf("%.40s: error %v, want %q", c.data, err, c.err)
			}
			continue
		}
		if err != nil || w != c.w || h != c.h {
			t.Errorf("%.40s: %d×%d %v, want %d×%d", c.data, w, h, err, c.w, c.h)
		}
	}
}
