package content

import (
	"encoding/json"
	"os"
	"path/filepath"
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
	if alts, ok := schema["oneOf"].([]any); ok {
		// One entry per kind (sections): together they name the struct's fields.
		props = map[string]any{}
		for _, a := range alts {
			alt := a.(map[string]any)
			if alt["additionalProperties"] != false {
				t.Errorf("%s: every oneOf entry must set additionalProperties: false", where)
			}
			for n, p := range alt["properties"].(map[string]any) {
				props[n] = p
			}
		}
	} else if schema["additionalProperties"] != false {
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

// The schema has one entry per section type, exactly the contract's.
func TestSchemaSectionsAreTheContracts(t *testing.T) {
	var schema struct {
		Properties struct {
			Sections struct {
				Items struct {
					OneOf []struct {
						Properties struct {
							Type struct {
								Const string `json:"const"`
							} `json:"type"`
						} `json:"properties"`
					} `json:"oneOf"`
				} `json:"items"`
			} `json:"sections"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(Schema, &schema); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, alt := range schema.Properties.Sections.Items.OneOf {
		got = append(got, alt.Properties.Type.Const)
	}
	if want := contract.Enums["Section.Type"]; !slices.Equal(got, want) {
		t.Errorf("schema section types %v, contract %v", got, want)
	}
}

// Sections are checked by type: unknown types, options a type does not take, and
// what each type needs, each at its line.
func TestSectionsAreValidated(t *testing.T) {
	root := sitetest.Write(t, `
-- campaigns/one/campaign.yaml --
id: "1"
namespace: one
schedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}
sections:
  - type: hero
    art: hero.svg
  - type: stepz
  - type: prizePool
    amount: 0
    unit: usdt
  - type: steps
  - type: tiers
    columns: [tiers.deposit, tiers.bonus]
    units: [USDT]
    rows: [[100, 20], [1000]]
  - type: countdown
    items: [x]
  - type: prizeDraw
  - type: moreCampaigns
-- campaigns/one/hero.svg --
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>
`)
	var d diag.List
	cs := LoadCampaigns(root, DefaultConfig(), &d)
	var got []string
	for _, x := range d.Errors() {
		got = append(got, x.String())
	}
	want := []string{
		`campaigns/one/campaign.yaml:7:11: error: section type "stepz" is not a section [bad-value] (hint: did you mean steps?)`,
		`campaigns/one/campaign.yaml:9:13: error: a prizePool section needs a positive amount [missing-field] (hint: write the pool, like amount: 500000)`,
		`campaigns/one/campaign.yaml:10:11: error: unit "usdt" is not a currency [bad-value] (hint: write the currency in capitals, like unit: USDT)`,
		`campaigns/one/campaign.yaml:11:5: error: a steps section needs items [missing-field] (hint: list text-key prefixes, like items: [steps.register, steps.deposit])`,
		`campaigns/one/campaign.yaml:14:12: error: 1 units for 2 columns [bad-value] (hint: give a unit per column ("" for none))`,
		`campaigns/one/campaign.yaml:15:11: error: row 2 has 1 cells for 2 columns [bad-value] (hint: give a cell per column)`,
		`campaigns/one/campaign.yaml:17:12: error: items does not apply to a countdown section [unused-field] (hint: remove it: a countdown section has no items)`,
		`campaigns/one/campaign.yaml:18:11: error: a prizeDraw section shows widgets.prizeDraw, which this campaign does not configure [missing-widget] (hint: configure widgets.prizeDraw or remove the section)`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(cs) != 1 || len(cs[0].Sections) != 8 {
		t.Fatalf("sections not read: %+v", cs)
	}
}

// The schedule's order: start before end, the enrolment window inside the campaign;
// each error names both fields and where they are written.
func TestScheduleOrderIsChecked(t *testing.T) {
	for sched, want := range map[string]string{
		"  start: 2026-12-01T00:00:00Z\n  end: 2026-11-01T00:00:00Z\n":                                                                         "campaigns/one/campaign.yaml:5:8: error: schedule.end (line 5) is not after schedule.start (line 4) [bad-schedule] (hint: the end must come after the start)",
		"  start: 2026-11-01T00:00:00Z\n  end: 2026-12-01T00:00:00Z\n  enrollStart: 2026-10-31T23:00:00Z\n":                                    "campaigns/one/campaign.yaml:6:16: error: schedule.enrollStart (line 6) is before schedule.start (line 4) [bad-schedule] (hint: start the enrolment at or after the campaign's start)",
		"  start: 2026-11-01T00:00:00Z\n  end: 2026-12-01T00:00:00Z\n  enrollEnd: 2026-12-01T00:00:01Z\n":                                      "campaigns/one/campaign.yaml:6:14: error: schedule.enrollEnd (line 6) is after schedule.end (line 5) [bad-schedule] (hint: end the enrolment at or before the campaign's end)",
		"  start: 2026-11-01T00:00:00Z\n  end: 2026-12-01T00:00:00Z\n  enrollStart: 2026-11-10T00:00:00Z\n  enrollEnd: 2026-11-09T00:00:00Z\n": "campaigns/one/campaign.yaml:7:14: error: schedule.enrollEnd (line 7) is before schedule.enrollStart (line 6) [bad-schedule] (hint: the enrolment must end after it starts)",
		"  start: 2026-11-01T00:00:00+08:00\n  end: 2026-12-01\n":                                                                              `campaigns/one/campaign.yaml:5:8: error: field "schedule.end" has no time zone: "2026-12-01" [time-without-zone]`,
	} {
		root := sitetest.Write(t, "-- campaigns/one/campaign.yaml --\nid: \"1\"\nnamespace: one\nschedule:\n"+sched)
		var d diag.List
		LoadCampaigns(root, DefaultConfig(), &d)
		if items := d.Items(); len(items) != 1 || !strings.HasPrefix(items[0].String(), want) {
			t.Errorf("%s got %v\nwant %s", sched, items, want)
		}
	}
	// A window inside the campaign, edges included, is fine.
	root := sitetest.Write(t, "-- campaigns/one/campaign.yaml --\nid: \"1\"\nnamespace: one\nschedule:\n  start: 2026-11-01T00:00:00Z\n  end: 2026-12-01T00:00:00Z\n  enrollStart: 2026-11-01T08:00:00+08:00\n  enrollEnd: 2026-12-01T00:00:00Z\n")
	var d diag.List
	LoadCampaigns(root, DefaultConfig(), &d)
	if err := d.Err(); err != nil {
		t.Error(err)
	}
}

// A rules file or a locales folder named after a locale the site does not have gets
// the locale meant, by language before spelling (ja.md is ja-JP.md, not en.md).
func TestLocaleFileHintsNameTheLocale(t *testing.T) {
	root := sitetest.Write(t, "-- campaigns/one/campaign.yaml --\nid: \"1\"\nnamespace: one\nschedule: {start: 2026-11-01T00:00:00Z, end: 2026-12-01T00:00:00Z}\n"+
		"-- campaigns/one/rules/en.md --\nx\n-- campaigns/one/rules/ja.md --\nx\n-- campaigns/one/rules/pt_BR.md --\nx\n-- locales/zh/one.json --\n{}\n")
	_, d := Load(root)
	var got []string
	for _, x := range d.Errors() {
		if x.Code == "unknown-locale" {
			got = append(got, x.String())
		}
	}
	slices.Sort(got)
	want := []string{
		`campaigns/one/rules/ja.md: error: "ja" is not a locale of the site [unknown-locale] (hint: did you mean ja-JP.md?)`,
		`campaigns/one/rules/pt_BR.md: error: "pt_BR" is not a locale of the site [unknown-locale] (hint: did you mean pt-BR.md?)`,
		`locales/zh: error: "zh" is not a locale of the site [unknown-locale] (hint: did you mean one of zh-HK, zh-MY, zh-TW?)`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// docs/campaign-yaml.md is the schema's reference, generated: it cannot drift.
func TestReferenceIsTheSchemas(t *testing.T) {
	got, err := SchemaReference()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(sitetest.RepoRoot(), filepath.FromSlash(ReferenceFile))
	if os.Getenv("PROMO_UPDATE") != "" {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil || string(want) != got {
		t.Errorf("%s is not the schema's reference (%v): run PROMO_UPDATE=1 go test ./internal/content -run Reference", ReferenceFile, err)
	}
	for _, s := range []string{"## `schedule`", "## `sections[] type: faq`", "## `widgets.prizeDraw.prizes[]`", "| `keys` |"} {
		if !strings.Contains(got, s) {
			t.Errorf("the reference lacks %s", s)
		}
	}
}
