// Package newcampaign implements `promo new`: a campaign folder that builds and checks
// clean at once, for an author to fill in (docs/authoring.md).
package newcampaign

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/template"
	"time"

	"github.com/spf13/cobra"

	"github.com/promohq/promo/internal/cmd/factory"
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/i18n"
)

//go:embed template
var templates embed.FS

// Templates are the kinds of page `promo new` makes.
var Templates = []string{"standard", "page"}

// Options of `promo new`.
type Options struct {
	IO        *factory.IOStreams
	Root      string
	Slug      string
	Namespace string   // default: the slug
	Template  string   // "standard" (campaign.yaml's sections) or "page" (a page.tsx too)
	Locales   []string // besides English: starting files for translators
	Now       time.Time
}

// NewCmdNew makes a campaign folder. runF replaces the run function in tests.
func NewCmdNew(f *factory.Factory, runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "new SLUG",
		Short: "Make a new campaign that builds and checks clean",
		Long: `New makes campaigns/SLUG/ with a campaign.yaml (every section and widget
listed, the ones not in use commented out), rules/en.md and locales/en/NAMESPACE.json,
ready to build, check and preview at once. With --template page it adds a page.tsx
and page.css composing the library's sections; with --locales it adds starting files
(copies of English) for translators.

The slug is the page's URL segment: lower-case letters, digits and hyphens. Nothing
is written when the slug, the namespace or a file is taken.`,
		Example: `  # a campaign page from campaign.yaml's sections
  promo new futures-trading-cup

  # a designer's page.tsx, with starting files for Japanese and Arabic
  promo new futures-trading-cup --template page --locales ja-JP,ar-SA`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Root, _ = cmd.Flags().GetString("source")
			opts.Slug = args[0]
			opts.Now = time.Now()
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return Run(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Namespace, "namespace", "", "the texts' namespace: locales/<locale>/NAMESPACE.json (default the slug)")
	cmd.Flags().StringVar(&opts.Template, "template", "standard", "standard (campaign.yaml's sections) or page (adds page.tsx and page.css)")
	cmd.Flags().StringSliceVar(&opts.Locales, "locales", nil, "locales to add starting files for, besides English (comma-separated)")
	_ = cmd.RegisterFlagCompletionFunc("template", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return Templates, cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("locales", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return content.DefaultConfig().Locales, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

var slugShape = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// Run checks the options against the site and writes the campaign.
func Run(ctx context.Context, opts *Options) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var diags diag.List
	cfg := content.LoadConfig(opts.Root, &diags)
	if err := diags.Err(); err != nil {
		return err
	}
	files, err := plan(opts, cfg)
	if err != nil {
		return err
	}
	if err := write(opts.Root, files); err != nil {
		return err
	}
	for _, f := range files {
		fmt.Fprintln(opts.IO.Out, f.path)
	}
	fmt.Fprintf(opts.IO.ErrOut, "made campaign %s: fill in its id in %s, then\n  promo dev     and open %s\n  promo check   before publishing\n",
		opts.Slug, path.Join(content.CampaignsDir, opts.Slug, "campaign.yaml"), cfg.PagePath(cfg.DefaultLocale, opts.Slug))
	return nil
}

type file struct {
	path string // relative to the site root
	data []byte
}

// plan validates the options and renders every file, writing nothing.
func plan(opts *Options, cfg *content.Config) ([]file, error) {
	if !slugShape.MatchString(opts.Slug) {
		return nil, fmt.Errorf("%q is not a campaign slug: use lower-case letters, digits and hyphens, like futures-trading-cup", opts.Slug)
	}
	ns := opts.Namespace
	if ns == "" {
		ns = opts.Slug
	}
	if !slugShape.MatchString(ns) {
		return nil, fmt.Errorf("%q is not a namespace: use lower-case letters, digits and hyphens", ns)
	}
	if !slices.Contains(Templates, opts.Template) {
		hint := "use " + strings.Join(Templates, " or ")
		if s := diag.Suggest(opts.Template, Templates); s != "" {
			hint = "did you mean " + s + "?"
		}
		return nil, fmt.Errorf("--template %q is not a template (%s)", opts.Template, hint)
	}
	for _, l := range opts.Locales {
		if !slices.Contains(cfg.Locales, l) {
			hint := diag.DidYouMean(diag.SuggestLocales(l, cfg.Locales), "")
			if hint == "" {
				hint = "the site's locales are listed in site.yaml"
			}
			return nil, fmt.Errorf("--locales: %q is not a locale of the site (%s)", l, hint)
		}
	}
	dir := path.Join(content.CampaignsDir, opts.Slug)
	if _, err := os.Stat(filepath.Join(opts.Root, filepath.FromSlash(dir))); err == nil {
		return nil, fmt.Errorf("%s exists already: choose another slug, or edit that campaign", dir)
	}
	id, err := freeID(opts.Root, opts.Now)
	if err != nil {
		return nil, err
	}
	start := time.Date(opts.Now.Year(), opts.Now.Month(), opts.Now.Day(), 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 0, 30).Add(-time.Second)
	v := vars{
		Slug: opts.Slug, Namespace: ns, ID: id, Page: opts.Template == "page",
		Title: title(opts.Slug),
		Start: start.Format(time.RFC3339), End: end.Format(time.RFC3339),
		StartDay: start.Format(time.DateOnly), EndDay: end.Format(time.DateOnly),
		Schema: schemaRef(opts.Root),
	}
	var files []file
	add := func(rel, tmpl string) error {
		data, err := render(tmpl, v)
		files = append(files, file{rel, data})
		return err
	}
	locales := append([]string{cfg.DefaultLocale}, opts.Locales...)
	errs := []error{add(path.Join(dir, "campaign.yaml"), "campaign.yaml.tmpl")}
	for _, l := range slices.Compact(locales) {
		// Translators start from English: a copy is complete, and `promo check` counts
		// it translated until they replace the texts.
		errs = append(errs, add(path.Join(dir, "rules", l+".md"), "rules.md.tmpl"), add(path.Join(i18n.Dir, l, ns+".json"), "texts.json.tmpl"))
	}
	if v.Page {
		errs = append(errs, add(path.Join(dir, "page.tsx"), "page.tsx.tmpl"), add(path.Join(dir, "page.css"), "page.css.tmpl"))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(opts.Root, filepath.FromSlash(f.path))); err == nil {
			return nil, fmt.Errorf("%s exists already: namespace %s is taken; choose another with --namespace", f.path, ns)
		}
	}
	return files, nil
}

type vars struct {
	Slug, Namespace, ID, Title   string
	Start, End, StartDay, EndDay string
	Schema                       string
	Page                         bool
}

func render(name string, v vars) ([]byte, error) {
	t, err := template.ParseFS(templates, "template/"+name)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = t.Execute(&b, v)
	return b.Bytes(), err
}

// title makes "Futures Trading Cup" of futures-trading-cup.
func title(slug string) string {
	words := strings.Split(slug, "-")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// freeID is a placeholder id no campaign of the site has: the date and a number.
func freeID(root string, now time.Time) (string, error) {
	var diags diag.List
	taken := map[string]bool{}
	for _, c := range content.LoadCampaigns(root, content.DefaultConfig(), &diags) {
		taken[c.ID] = true
	}
	for n := 1; n < 1000; n++ {
		if id := fmt.Sprintf("%s%03d", now.Format("20060102"), n); !taken[id] {
			return id, nil
		}
	}
	return "", errors.New("no free campaign id for today: write one by hand")
}

// schemaRef is the campaign schema as editors find it from campaigns/<slug>/: the
// repository's own file in a Promo checkout, else the copy `promo new` keeps at the
// site root (write adds it).
func schemaRef(root string) string {
	if _, err := os.Stat(filepath.Join(root, "internal", "content", "campaign.schema.json")); err == nil {
		return "../../internal/content/campaign.schema.json"
	}
	return "../../" + SchemaFile
}

// SchemaFile is the site-root copy of the campaign schema for sites outside the
// repository: editors that read yaml-language-server's $schema complete and check
// campaign.yaml with it.
const SchemaFile = "campaign.schema.json"

// write puts the files in place all or nothing: the campaign folder is made under a
// temporary name and renamed last, and any file already written is removed on failure.
func write(root string, files []file) (err error) {
	var done []string
	defer func() {
		if err != nil {
			for _, p := range done {
				_ = os.RemoveAll(p)
			}
		}
	}()
	if schemaRef(root) == "../../"+SchemaFile {
		p := filepath.Join(root, SchemaFile)
		if _, statErr := os.Stat(p); errors.Is(statErr, os.ErrNotExist) {
			if err = os.WriteFile(p, content.Schema, 0o644); err != nil {
				return err
			}
			done = append(done, p)
		}
	}
	campaigns := filepath.Join(root, content.CampaignsDir)
	if err = os.MkdirAll(campaigns, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(campaigns, ".new-")
	if err != nil {
		return err
	}
	done = append(done, tmp)
	var campaignDir string
	for _, f := range files {
		target := filepath.Join(root, filepath.FromSlash(f.path))
		if rest, ok := strings.CutPrefix(f.path, content.CampaignsDir+"/"); ok {
			slug, inner, _ := strings.Cut(rest, "/")
			campaignDir = filepath.Join(campaigns, slug)
			target = filepath.Join(tmp, filepath.FromSlash(inner))
		} else {
			done = append(done, target)
		}
		if err = os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err = os.WriteFile(target, f.data, 0o644); err != nil {
			return err
		}
	}
	if err = os.Rename(tmp, campaignDir); err != nil {
		return err
	}
	return nil
}
