package yamlpos

import (
	"strings"
	"testing"
	"time"

	"github.com/promohq/promo/internal/diag"
)

type doc struct {
	Name  string            `yaml:"name"`
	Count int               `yaml:"count"`
	On    bool              `yaml:"on"`
	When  time.Time         `yaml:"when"`
	Tags  []string          `yaml:"tags"`
	Env   map[string]string `yaml:"env"`
	Inner *inner            `yaml:"inner"`
	At    At                `yaml:"-"`
}

type inner struct {
	Link string `yaml:"link"`
	At   At     `yaml:"-"`
}

func TestDecodeKeepsPositions(t *testing.T) {
	var d doc
	var diags diag.List
	src := "name: x\ncount: 3\nwhen: 2026-11-01T08:00:00+08:00\ninner:\n  link: /a\n"
	if !Decode("f.yaml", []byte(src), &d, &diags) || diags.HasErrors() {
		t.Fatalf("decode: %v", diags.Err())
	}
	if d.Name != "x" || d.Count != 3 || !d.When.Equal(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)) || d.Inner.Link != "/a" {
		t.Errorf("decoded %+v", d)
	}
	if p := d.At.Field("count"); p != (Pos{2, 8}) {
		t.Errorf("count at %v", p)
	}
	if p := d.Inner.At.Field("link"); p != (Pos{5, 9}) {
		t.Errorf("inner.link at %v", p)
	}
	if p := d.At.Field("absent"); p != (Pos{1, 1}) {
		t.Errorf("an absent field points at its mapping, got %v", p)
	}
}

func TestDecodeReportsEveryProblem(t *testing.T) {
	var d doc
	var diags diag.List
	src := "nme: x\ncount: many\non: maybe\nwhen: tomorrow\ntags: solo\ninner: [1]\nname: y\nname: z\n"
	Decode("f.yaml", []byte(src), &d, &diags)
	var got []string
	for _, x := range diags.Items() {
		got = append(got, x.String())
	}
	want := []string{
		`f.yaml:1:1: error: unknown field "nme" in the document [unknown-field] (hint: did you mean "name"?)`,
		`f.yaml:2:8: error: field "count" must be a whole number [wrong-type]`,
		`f.yaml:3:5: error: field "on" must be true or false [wrong-type]`,
		`f.yaml:4:7: error: field "when" is not a date and time: "tomorrow" [bad-time]`,
		`f.yaml:5:7: error: field "tags" must be a list [wrong-type]`,
		`f.yaml:6:8: error: field "inner" must be a mapping [wrong-type]`,
		`f.yaml:8:1: error: field "name" is written twice [duplicate-field] (hint: keep one of them)`,
	}
	for i, w := range want {
		if i >= len(got) || !strings.HasPrefix(got[i], w) {
			t.Errorf("diagnostic %d:\n got %v\nwant %s", i, got, w)
			break
		}
	}
}

// A time without a zone would silently be UTC (a date-only end would drop its last
// day): it is an error whose hint writes the value with a zone.
func TestTimeWithoutZoneIsAnError(t *testing.T) {
	for src, want := range map[string]string{
		"when: 2026-12-01T09:00:00\n": `f.yaml:1:7: error: field "when" has no time zone: "2026-12-01T09:00:00" [time-without-zone] (hint: write 2026-12-01T09:00:00Z (UTC) or 2026-12-01T09:00:00+08:00 (with the zone's offset))`,
		"when: 2026-12-01\n":          `f.yaml:1:7: error: field "when" has no time zone: "2026-12-01" [time-without-zone] (hint: write 2026-12-01T00:00:00Z (UTC) or 2026-12-01T00:00:00+08:00 (with the zone's offset); a day's end is 2026-12-01T23:59:59 with its offset)`,
		"when: 2026-12-01 09:30:00\n": `f.yaml:1:7: error: field "when" has no time zone: "2026-12-01 09:30:00" [time-without-zone] (hint: write 2026-12-01T09:30:00Z (UTC) or 2026-12-01T09:30:00+08:00 (with the zone's offset))`,
	} {
		var d doc
		var diags diag.List
		Decode("f.yaml", []byte(src), &d, &diags)
		if items := diags.Items(); len(items) != 1 || items[0].String() != want {
			t.Errorf("%q:\n got %v\nwant %s", src, items, want)
		}
		if !d.When.IsZero() {
			t.Errorf("%q: decoded %v, want nothing", src, d.When)
		}
	}
}

func TestMergesMappingsIntoDefaults(t *testing.T) {
	d := doc{Env: map[string]string{"a": "1", "b": "2"}}
	var diags diag.List
	Decode("f.yaml", []byte("env: {b: 3, c: 4}\n"), &d, &diags)
	if d.Env["a"] != "1" || d.Env["b"] != "3" || d.Env["c"] != "4" {
		t.Errorf("env = %v", d.Env)
	}
}

func TestSyntaxErrorLines(t *testing.T) {
	for src, line := range map[string]int{
		"id: \"1\"\nnamespace: [oops\n": 2, // yaml.v3 says line 1: a parser error, counted from 0
		"a: 1\nb: 2\n  c: 3\n":          3,
		"[oops\n":                       2, // the end of the file, where the ] is missing
	} {
		var d doc
		var diags diag.List
		if Decode("f.yaml", []byte(src), &d, &diags) {
			t.Errorf("%q parsed", src)
			continue
		}
		if got := diags.Items()[0].Line; got != line {
			t.Errorf("%q: line %d, want %d (%s)", src, got, line, diags.Items()[0])
		}
	}
}
