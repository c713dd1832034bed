package bundle

import (
	"bytes"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/sitetest"
)

// Scan (promo check) finds a page's sources as the build does: every script the page
// imports, statically, lazily, for its side effects or by re-export, through the
// components alias; not styles, packages or tests.
func TestScanListsWhatThePageIsMadeOf(t *testing.T) {
	root := sitetest.Write(t, `
-- campaigns/x/page.tsx --
import { lazy } from "react";
import {
  Hero,
  useT,
} from "@promo/components";
import type { PageData } from "@promo/components/runtime/types";
import "./side-effect";
const Lazy = lazy(() => import("./Lazy"));
export default function Page() { return Hero() + useT() + String(Lazy); }
-- campaigns/x/side-effect.ts --
globalThis.marked = true;
-- campaigns/x/Lazy.tsx --
export { helper } from "../../components/helper";
export default function Lazy() { return null; }
-- components/entry/client.tsx --
export function hydrate(p: unknown) { return p; }
-- components/styles/base.css --
body { margin: 0 }
-- components/index.ts --
export { Hero } from "./template/Hero";
export * from "./runtime/useT";
export type { PageData } from "./runtime/types";
-- components/template/Hero.tsx --
import "./hero.css";
export function Hero() { return "hero"; }
-- components/template/hero.css --
.hero { color: red }
-- components/runtime/useT.ts --
export function useT() { return "t"; }
-- components/runtime/types.ts --
export interface PageData { locale: string }
-- components/helper/index.ts --
export function helper() {}
-- components/template/Hero.test.tsx --
import { Hero } from "./Hero";
`)
	c := &content.Campaign{Slug: "x", Page: "campaigns/x/page.tsx"}
	b := &Bundler{Root: root, Components: filepath.Join(root, "components"), NodeModules: filepath.Join(sitetest.RepoRoot(), "node_modules"), Campaigns: []*content.Campaign{c}}
	var d diag.List
	got := b.Scan(&d)
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	var scripts []string
	for _, s := range got.Pages["x"].Sources {
		if IsScript(s) {
			scripts = append(scripts, s)
		}
	}
	want := []string{"campaigns/x/Lazy.tsx", "campaigns/x/page.tsx", "campaigns/x/side-effect.ts", "components/entry/client.tsx",
		"components/helper/index.ts", "components/index.ts", "components/runtime/useT.ts", "components/template/Hero.tsx"}
	if !slices.Equal(scripts, want) {
		t.Errorf("sources:\n got %v\nwant %v", scripts, want)
	}
}

// The scan and the build's own bundle agree on every page of the repository's site:
// `promo check` and `promo build` judge the same texts.
func TestScanAgreesWithTheBuild(t *testing.T) {
	root := sitetest.RepoRoot()
	site, diags := content.Load(root)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	b := &Bundler{Root: root, Components: filepath.Join(root, "components"), NodeModules: filepath.Join(root, "node_modules"), Campaigns: site.Campaigns, Minify: true}
	var d diag.List
	scanned := b.Scan(&d)
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	res := api.Build(b.ClientOptions(out))
	if len(res.Errors) > 0 {
		t.Fatalf("build: %s", res.Errors[0].Text)
	}
	built, err := b.Analyse(out, res)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range site.Campaigns {
		if got, want := scanned.Pages[c.Slug].Sources, built.Pages[c.Slug].Sources; !slices.Equal(got, want) {
			t.Errorf("%s: scan and build differ:\nscan  %v\nbuild %v", c.Slug, got, want)
		}
		checkPreloads(t, out, res.OutputFiles, c.Slug, built.Pages[c.Slug])
	}
}

// staticImport is an import statement of the minified output (not import()).
var staticImport = regexp.MustCompile(`(?:from|import)\s*"(/[^"]+\.js)"`)

// checkPreloads: every chunk the entry needs before it runs is preloaded (the first-load
// JS, DESIGN §7), also when a lazy chunk imports it too.
func checkPreloads(t *testing.T, out string, files []api.OutputFile, slug string, pa *PageAssets) {
	t.Helper()
	byPath := map[string][]byte{}
	for _, f := range files {
		byPath[f.Path] = f.Contents
	}
	for _, f := range append([]string{pa.Entry}, pa.Preload...) {
		src, ok := byPath[filepath.Join(out, filepath.FromSlash(f))]
		if !ok {
			t.Fatalf("%s: no output %s", slug, f)
		}
		for _, m := range staticImport.FindAllStringSubmatch(string(src), -1) {
			if !slices.Contains(pa.Preload, m[1]) {
				t.Errorf("%s: %s imports %s statically, which is not preloaded (lazy: %v)", slug, f, m[1], slices.Contains(pa.Lazy, m[1]))
			}
		}
	}
}

// Lazy chunks importing different first-load modules leave the first load in one
// shared chunk (lazy.go): the page preloads one chunk, not one per cut, and esbuild's
// style sheets for the lazy chunks (copies of what the entry's sheet holds) are not kept.
func TestLazyChunksLeaveTheFirstLoadWhole(t *testing.T) {
	root := sitetest.Write(t, `
-- components/entry/client.tsx --
import { request } from "../runtime/request";
import { format } from "../runtime/format";
import "./client.css";
export function hydrate(p: unknown) { return [p, request, format, import("../widgets/A"), import("../widgets/B")]; }
-- components/entry/client.css --
.root { color: red }
-- components/runtime/request.ts --
export function request() { return "request"; }
-- components/runtime/format.ts --
export function format() { return "format"; }
-- components/widgets/A.tsx --
import { request } from "../runtime/request";
import "./a.css";
export default function A() { return request(); }
-- components/widgets/a.css --
.a { color: blue }
-- components/widgets/B.tsx --
import { format } from "../runtime/format";
export function B() { return format(); }
-- components/styles/base.css --
body { margin: 0 }
-- campaigns/x/page.tsx --
export default function Page() { return null; }
`)
	c := &content.Campaign{Slug: "x", Page: "campaigns/x/page.tsx"}
	b := &Bundler{Root: root, Components: filepath.Join(root, "components"), NodeModules: filepath.Join(sitetest.RepoRoot(), "node_modules"), Campaigns: []*content.Campaign{c}}
	out := filepath.Join(t.TempDir(), "out")
	res := api.Build(b.ClientOptions(out))
	if len(res.Errors) > 0 {
		t.Fatalf("build: %s", res.Errors[0].Text)
	}
	built, err := b.Analyse(out, res)
	if err != nil {
		t.Fatal(err)
	}
	pa := built.Pages["x"]
	if len(pa.Preload) != 1 || len(pa.Lazy) != 2 {
		t.Errorf("preload %v, lazy %v: want one shared first-load chunk and the two widgets", pa.Preload, pa.Lazy)
	}
	var sheets []string
	for f := range built.Files {
		if filepath.Ext(f) == ".css" {
			sheets = append(sheets, f)
		}
	}
	slices.Sort(sheets)
	if len(sheets) != 2 || !slices.Contains(sheets, pa.CSS[0][1:]) || !slices.Contains(sheets, pa.CSS[1][1:]) {
		t.Errorf("style sheets written: %v, want only the page's %v", sheets, pa.CSS)
	}
	// Default and named exports still reach the importer through the wrapper.
	for _, f := range pa.Lazy {
		src := string(built.Files[f[1:]])
		if !regexp.MustCompile(`export\s*\{`).MatchString(src) {
			t.Errorf("%s exports nothing:\n%s", f, src)
		}
	}
	checkPreloads(t, out, res.OutputFiles, "x", pa)
}

// A barrel of re-exports shared by two page.tsx campaigns compiles to nothing; the
// page must not load (or preload) an empty script for it.
func TestNoEmptyChunks(t *testing.T) {
	root := sitetest.Write(t, `
-- components/entry/client.tsx --
export function hydrate(p: unknown) { return p; }
-- components/styles/base.css --
body { margin: 0 }
-- components/index.ts --
export { Hero } from "./template/Hero";
export type { PageData } from "./runtime/types";
-- components/template/Hero.tsx --
export function Hero() { return "hero"; }
-- components/template/CampaignPage.tsx --
import { Hero } from "./Hero";
export default function CampaignPage() { return Hero(); }
-- components/runtime/types.ts --
export interface PageData { locale: string }
-- campaigns/a/page.tsx --
import { Hero } from "@promo/components";
export default function Page() { return Hero() + "a"; }
-- campaigns/b/page.tsx --
import { Hero, type PageData } from "@promo/components";
export default function Page(p: PageData) { return Hero() + p.locale; }
`)
	var cs []*content.Campaign
	for _, s := range []string{"a", "b"} {
		cs = append(cs, &content.Campaign{Slug: s, Page: "campaigns/" + s + "/page.tsx"})
	}
	cs = append(cs, &content.Campaign{Slug: "c"}) // the standard template
	b := &Bundler{Root: root, Components: filepath.Join(root, "components"), NodeModules: filepath.Join(sitetest.RepoRoot(), "node_modules"), Campaigns: cs, Minify: true}
	out := filepath.Join(t.TempDir(), "out")
	res := api.Build(b.ClientOptions(out))
	if len(res.Errors) > 0 {
		t.Fatalf("build: %s", res.Errors[0].Text)
	}
	built, err := b.Analyse(out, res)
	if err != nil {
		t.Fatal(err)
	}
	for f, data := range built.Files {
		if filepath.Ext(f) == ".js" && len(bytes.TrimSpace(data)) == 0 {
			t.Errorf("%s is empty", f)
		}
	}
	for _, s := range []string{"a", "b"} {
		pa := built.Pages[s]
		for _, p := range append(pa.Preload, pa.Entry) {
			if _, ok := built.Files[p[1:]]; !ok {
				t.Errorf("%s loads %s, which is not written", s, p)
			}
		}
		var written []api.OutputFile // what the build writes, the dropped imports gone
		for f, data := range built.Files {
			written = append(written, api.OutputFile{Path: filepath.Join(out, filepath.FromSlash(f)), Contents: data})
		}
		checkPreloads(t, out, written, s, pa)
	}
}
