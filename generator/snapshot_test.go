package generator_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// The HTML shell and the page data of one built page are compared with committed
// snapshots (testdata/snapshots), so any change to what a page carries shows up as a
// diff to review. PROMO_UPDATE=1 rewrites them. Content hashes are masked: they change
// with every component edit and say nothing about the shell.
func TestPageSnapshots(t *testing.T) {
	root := writeSite(t, "")
	if _, err := build(t, root); err != nil {
		t.Fatal(err)
	}
	page := read(t, root, "ja-JP/blast/index.html")
	body := regexp.MustCompile(`(?s)<div id="root">.*?</div>\n<script id="promo-data"`)
	data := regexp.MustCompile(`(?s)<script id="promo-data" type="application/json">(.*?)</script>`)
	raw := data.FindStringSubmatch(page)
	if raw == nil || !body.MatchString(page) {
		t.Fatalf("no prerendered body or page data in %.300s", page)
	}
	shell := body.ReplaceAllString(page, `<div id="root">…prerendered body…</div>`+"\n"+`<script id="promo-data"`)
	shell = data.ReplaceAllString(shell, `<script id="promo-data" type="application/json">…page data…</script>`)
	shell = regexp.MustCompile(`(?s)<style>.*?</style>`).ReplaceAllString(shell, `<style>…first-paint rules (styles_test.go)…</style>`)
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, []byte(raw[1]), "", "  "); err != nil {
		t.Fatal(err)
	}
	pretty.WriteByte('\n')
	hash := regexp.MustCompile(`-[0-9A-Z]{8}\.(js|css|json|png|txt)\b`)
	for name, got := range map[string]string{"ja-JP-blast.shell.html": shell, "ja-JP-blast.data.json": pretty.String()} {
		snapshot(t, name, hash.ReplaceAllString(got, "-HASH.$1"))
	}
}

func snapshot(t *testing.T, name, got string) {
	t.Helper()
	file := filepath.Join("testdata", "snapshots", name)
	if os.Getenv("PROMO_UPDATE") == "1" {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run PROMO_UPDATE=1 go test ./generator -run Snapshots to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the snapshot; review the change and run PROMO_UPDATE=1 go test ./generator -run Snapshots if it is meant.\n--- got ---\n%s", file, got)
	}
}
