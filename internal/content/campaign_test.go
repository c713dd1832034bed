package content

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/promohq/promo/internal/contract"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/sitetest"
	"github.com/promohq/promo/internal/yamlpos"
)

// TestSchemaMatchesModel walks the Go model and the JSON Schema together: every YAML
// field has a schema property and the schema allows nothing the model lacks.
func TestSchemaMatchesModel(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal(Schema, &schema); err != nil {
		t.Fatalf("schema is not JSON: %v", err)
	}
	compare(t, "campaign", reflect.TypeOf(Campaign{}), schema)
}

func compare(t *testing.T, where string, typ reflect.Type, schema map[string]any) {
	for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
		typ = typ.Elem()
		if items, ok := schema["items"].(map[string]any); ok {
			schema = items
		}
	}
	if typ.Kind() != reflect.Struct || typ == reflect.TypeOf(time.Time{}) {
		return
	}
	props, _ := schema["properties"].(map[string]any)
	if schema["additionalProperties"] != false {
		t.Errorf("%s: schema must set additionalProperties: false", where)
	}
	var fields []string
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" || f.Type == reflect.TypeOf(yamlpos.At{}) {
			continue
		}
		fields = append(fields, name)
		sub, ok := props[name].(map[string]any)
		if !ok {
			t.Errorf("%s.%s: missing from the schema", where, name)
			continue
		}
		compare(t, where+"."+name, f.Type, sub)
	}
	var names []string
	for n := range props {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if !slices.Contains(fields, n) {
			t.Errorf("%s.%s: in the schema but not in the model", where, n)
		}
	}
}

func TestCheckLink(t *testing.T) {
	for link, ok := range map[string]bool{
		"https://www.example.com/x": true,
		"http://example.com":        true,
		"/en/markets/":              true,
		"/":                         true,
		"//evil.example.com/":       false,
		"javascript:alert(1)":       false,
		"data:text/html,hi":         false,
		"ftp://example.com/":        false,
		"relative/path":             false,
		"/\\evil.example.com":       false,
		"https://":                  false,
		"https://a.example/ b":      false,
	} {
		if err := CheckLink(link); (err == nil) != ok {
			t.Errorf("CheckLink(%q) = %v, want ok=%v", link, err, ok)
		}
	}
}

func TestStatusFollowsSchedule(t *testing.T) {
	s := Schedule{Start: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)}
	for _, c := range []struct {
		now  time.Time
		want int
	}{
		{s.Start.Add(-time.Second), StatusNotStarted},
		{s.Start, StatusOngoing},
		{s.End.Add(-time.Second), StatusOngoing},
		{s.End, StatusFinished},
	} {
		if got := s.Status(c.now); got != c.want {
			t.Errorf("Status(%v) = %d, want %d", c.now, got, c.want)
		}
	}
}

// afterEnrol, the old spelling, still works with a warning to rename it; both
// spellings at once are an error.
func TestAfterEnrolIsRenamedAfterEnroll(t *testing.T) {
	const head = "id: \"1\"\nnamespace: one\nschedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}\nwidgets:\n  quickApply:\n"
	root := sitetest.Write(t, "-- campaigns/one/campaign.yaml --\n"+head+"    afterEnrol: hide\n")
	var d diag.List
	cs := LoadCampaigns(root, DefaultConfig(), &d)
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	if got := cs[0].Widgets.QuickApply.AfterEnroll; got != AfterHide {
		t.Errorf("afterEnrol: hide read as %q", got)
	}
	if w := d.Warnings(); len(w) != 1 || w[0].String() != "campaigns/one/campaign.yaml:6:17: warning: afterEnrol is spelled afterEnroll now, like enrollStart and the API's /enroll [renamed-field] (hint: rename it afterEnroll)" {
		t.Errorf("warnings: %v", w)
	}
	root = sitetest.Write(t, "-- campaigns/one/campaign.yaml --\n"+head+"    afterEnrol: hide\n    afterEnroll: keep\n")
	d = diag.List{}
	LoadCampaigns(root, DefaultConfig(), &d)
	if err := d.Err(); err == nil || !strings.Contains(err.Error(), "6:17: error: afterEnrol and afterEnroll are the same setting") {
		t.Errorf("both spellings: %v", err)
	}
}

// The schema offers exactly the values the contract allows for each enumerated
// setting.
func TestSchemaEnumsAreTheContracts(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal(Schema, &schema); err != nil {
		t.Fatal(err)
	}
	at := func(path ...string) []string {
		node := schema
		for _, p := range path {
			node = node["properties"].(map[string]any)[p].(map[string]any)
		}
		var out []string
		for _, v := range node["enum"].([]any) {
			out = append(out, v.(string))
		}
		return out
	}
	for enum, path := range map[string][]string{
		"CampaignConfig.API":           {"api"},
		"QuickApplyWidget.Style":       {"widgets", "quickApply", "style"},
		"QuickApplyWidget.AfterEnroll": {"widgets", "quickApply", "afterEnroll"},
		"QuickLoginWidget.Action":      {"widgets", "quickLogin", "action"},
	} {
		if got, want := at(path...), contract.Enums[enum]; !slices.Equal(got, want) {
			t.Errorf("schema %v: %v, contract %s: %v", path, got, enum, want)
		}
	}
}
