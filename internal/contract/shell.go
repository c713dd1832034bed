package contract

// The HTML shell the generator writes around a prerendered page (generator/shell.go)
// and the page runtime reads (components/entry/client.tsx, components/runtime/styles.ts).
const (
	// RootID is the element holding the prerendered page, which the client hydrates.
	RootID = "root"
	// DataID is the JSON script element holding the page data.
	DataID = "promo-data"
	// SheetAttr marks the style sheets a page preloads instead of linking (their
	// first-paint rules are inline): the runtime applies them at start-up.
	SheetAttr = "data-promo-sheet"
)
