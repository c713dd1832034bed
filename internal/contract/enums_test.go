package contract

import (
	"reflect"
	"regexp"
	"slices"
	"testing"
)

// Every literal union of the page data's TypeScript (a ts tag) is exactly the values
// Enums lists for the field, and every enum is used: campaign.yaml's validation and
// the page runtime cannot disagree on what a setting may say.
func TestUnionsAreTheEnums(t *testing.T) {
	seen := map[string]bool{}
	var walk func(reflect.Type)
	walk = func(typ reflect.Type) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Map {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || typ.PkgPath() != reflect.TypeOf(PageData{}).PkgPath() {
			return
		}
		for i := range typ.NumField() {
			f := typ.Field(i)
			if tag, ok := f.Tag.Lookup("ts"); ok {
				name := typ.Name() + "." + f.Name
				var got []string
				for _, m := range regexp.MustCompile(`"([^"]*)"`).FindAllStringSubmatch(tag, -1) {
					got = append(got, m[1])
				}
				if want, ok := Enums[name]; !ok {
					t.Errorf("%s has the union %s but no entry in Enums", name, tag)
				} else if !slices.Equal(got, want) {
					t.Errorf("%s: the TypeScript union says %v, Enums says %v", name, got, want)
				}
				seen[name] = true
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeOf(PageData{}))
	for name := range Enums {
		if !seen[name] {
			t.Errorf("Enums lists %s, which is no union of the page data", name)
		}
	}
}
