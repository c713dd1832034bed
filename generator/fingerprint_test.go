package generator

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/promohq/promo/internal/bundle"
)

// Every field of a page is an input of its HTML: changing any one must change the
// fingerprint, or watch mode would keep serving the stale page. A field added to the
// shell later is held to this without editing the test.
func TestFingerprintCoversEveryPageField(t *testing.T) {
	base := func() *page {
		p := &page{Assets: &bundle.PageAssets{Entry: "/assets/js/x.js", CSS: []string{"/assets/css/base.css"}}, Data: json.RawMessage(`{"x":1}`),
			Alternates: []alternate{{HrefLang: "en", Href: "https://example.com/x/"}}}
		v := reflect.ValueOf(p).Elem()
		for i := range v.NumField() {
			if f := v.Field(i); f.Kind() == reflect.String {
				f.SetString(v.Type().Field(i).Name)
			}
		}
		return p
	}
	var code [32]byte
	want := base().fingerprint(code)
	if base().fingerprint(code) != want {
		t.Fatal("the fingerprint of equal pages differs")
	}
	code[0] = 1
	if base().fingerprint(code) == want {
		t.Error("the page's code is not part of its fingerprint")
	}
	code[0] = 0
	typ := reflect.TypeOf(page{})
	for i := range typ.NumField() {
		p := base()
		f := reflect.ValueOf(p).Elem().Field(i)
		switch {
		case typ.Field(i).Type == reflect.TypeOf(json.RawMessage(nil)):
			f.SetBytes([]byte(`{"x":2}`))
		case f.Kind() == reflect.String:
			f.SetString(f.String() + "!")
		case f.Kind() == reflect.Slice:
			f.Set(reflect.Append(f, reflect.Zero(f.Type().Elem())))
		case f.Kind() == reflect.Pointer:
			p.Assets = &bundle.PageAssets{Entry: "/assets/js/y.js", CSS: p.Assets.CSS}
		default:
			t.Fatalf("page.%s: a %s field; teach this test to change it", typ.Field(i).Name, f.Kind())
		}
		if p.fingerprint(code) == want {
			t.Errorf("page.%s is not part of the fingerprint: a change to it would not re-render the page", typ.Field(i).Name)
		}
	}
}
