package generator_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/diag"
)

func renderFailures(t *testing.T, extra string) []string {
	t.Helper()
	root := writeSite(t, extra)
	_, err := build(t, root)
	var failure *diag.Failure
	if !errors.As(err, &failure) {
		t.Fatalf("build error %v, want a content failure", err)
	}
	var out []string
	for _, d := range failure.Diagnostics {
		out = append(out, d.String())
		if ex := diag.Excerpt(root, d); ex != "" {
			out = append(out, ex)
		}
	}
	return out
}

// A page.tsx that throws is reported once, at its own line (the server bundle's
// source map), with how many locales it failed in, and the terminal's excerpt.
func TestRenderErrorNamesTheAuthorsLine(t *testing.T) {
	got := renderFailures(t, `
-- campaigns/blast/page.tsx --
import { useT } from "@promo/components";

export default function Page() {
  const t = useT();
  const title = t("hero.title");
  if (title) throw new Error("no prize table for " + title.length);
  return <main>{title}</main>;
}
`)
	want := []string{
		`campaigns/blast/page.tsx:6:20: error: prerendering blast failed in 23 locales: Error: no prize table for 9 [render] (hint: fix the code at this line: it runs when the page is prerendered, in Node)`,
		"  6 |   if (title) throw new Error(\"no prize table for \" + title.length);\n    |                    ^\n",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// An error in a component the page imports names the component's line; one that only
// some locales hit names them; a browser global gets the prerender hint.
func TestRenderErrorInAComponentAndSomeLocales(t *testing.T) {
	got := renderFailures(t, `
-- campaigns/blast/page.tsx --
import { usePage } from "@promo/components";
import { Prizes } from "./Prizes";

export default function Page() {
  return <main><Prizes locale={usePage().locale} /></main>;
}
-- campaigns/blast/Prizes.tsx --
export function Prizes({ locale }: { locale: string }) {
  if (locale === "ja-JP" || locale === "ar-SA") {
    return <p>{window.innerWidth}</p>;
  }
  return <p>{locale}</p>;
}
`)
	if len(got) != 2 || !strings.HasPrefix(got[0], `campaigns/blast/Prizes.tsx:3:16: error: prerendering blast failed in `) ||
		!strings.Contains(got[0], "ar-SA") || !strings.Contains(got[0], "ja-JP") || !strings.Contains(got[0], ": ReferenceError: window is not defined [render] (hint: browser-only objects do not exist while the page is prerendered: use them in useEffect or an event handler)") {
		t.Errorf("got\n%s", strings.Join(got, "\n"))
	}
}
