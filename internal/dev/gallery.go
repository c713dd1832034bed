package dev

import (
	"embed"
	"fmt"
	"path"
	"time"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/i18n"
)

// GallerySlug is where `promo dev` shows the gallery: a campaign page holding every
// section and widget of the components library with sample texts in English, Arabic
// and Japanese (DESIGN §9), for designers to check each block right to left, in CJK
// and at every width. It is added to the site watch mode builds, never to the content
// on disk, so `promo build` never writes it.
const GallerySlug = "promo-gallery"

// GalleryLocales have the gallery's own texts; other locales show the English ones.
var GalleryLocales = []string{"en", "ar-SA", "ja-JP"}

//go:embed gallery/*.json
var galleryTexts embed.FS

// addGallery appends the gallery campaign and its texts to a loaded site. A site with
// a campaign of the same slug keeps its own.
func addGallery(site *content.Site) error {
	if site.Campaign(GallerySlug) != nil {
		return nil
	}
	for _, locale := range GalleryLocales {
		file := path.Join("gallery", locale+".json")
		data, err := galleryTexts.ReadFile(file)
		if err != nil {
			return err
		}
		var d diag.List
		b := i18n.ParseBundle(path.Join(i18n.Dir, locale, GallerySlug+".json"), locale, GallerySlug, data, &d)
		if err := d.Err(); err != nil || b == nil {
			return fmt.Errorf("the gallery's %s texts: %v", locale, err)
		}
		site.Catalog.Add(b)
	}
	items := func(prefix string, names ...string) []string {
		var out []string
		for _, n := range names {
			out = append(out, prefix+"."+n)
		}
		return out
	}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	site.Campaigns = append(site.Campaigns, &content.Campaign{
		Slug: GallerySlug, ID: "promo-gallery", Namespace: GallerySlug, API: contract.APINew,
		File:     path.Join(content.CampaignsDir, GallerySlug, "campaign.yaml"),
		Schedule: content.Schedule{Start: start, End: start.AddDate(10, 0, 0), EnrollStart: start, EnrollEnd: start.AddDate(10, 0, 0)},
		Widgets: content.Widgets{
			QuickApply:     &content.QuickApply{Style: contract.StyleButton, AfterEnroll: contract.AfterKeep},
			QuickLogin:     &content.QuickLogin{Action: contract.ActionRegister},
			InvitationCode: &content.InvitationCode{Enabled: true},
			Market:         &content.Market{Symbols: []string{"BTCUSDT", "ETHUSDT"}},
			PrizeDraw: &content.PrizeDraw{ChancesPerUser: 3, Prizes: []content.Prize{
				{ID: "big", Name: "prizes.big", Weight: 1}, {ID: "small", Name: "prizes.small", Weight: 9}}},
		},
		Sections: []content.Section{
			{Type: contract.SectionHero},
			{Type: contract.SectionActions},
			{Type: contract.SectionPrizePool, Title: "pool.title", Amount: 1250000, Unit: "USDT"},
			{Type: contract.SectionCountdown},
			{Type: contract.SectionSteps, Items: items("steps", "one", "two", "three")},
			{Type: contract.SectionTiers, Columns: []string{"tiers.volume", "tiers.reward"}, Units: []string{"USDT", "USDT"},
				Rows: [][]float64{{5000, 2}, {100000, 60}, {1000000, 800}}},
			{Type: contract.SectionFAQ, Items: items("faq", "one", "two")},
			{Type: contract.SectionPrizeDraw},
			{Type: contract.SectionMarket},
			{Type: contract.SectionInvitationCode},
			{Type: contract.SectionSchedule},
			{Type: contract.SectionRules},
			{Type: contract.SectionMoreCampaigns},
		},
	})
	site.Rules[GallerySlug] = map[string]string{
		"en":    "<ol><li>Rules are Markdown, rendered at build time.</li><li>They fall back to English, like every text.</li></ol>",
		"ar-SA": "<ol><li>تُكتب الشروط بلغة Markdown وتُعرض وقت البناء.</li><li>وتعود إلى الإنجليزية عند غياب الترجمة، مثل كل النصوص.</li></ol>",
		"ja-JP": "<ol><li>規約はMarkdownで書かれ、ビルド時に表示されます。</li><li>他のテキストと同様、翻訳がなければ英語が表示されます。</li></ol>",
	}
	return nil
}
