package content

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// ReferenceFile is the campaign.yaml reference in the repository, generated from the
// JSON Schema by SchemaReference so the two cannot drift (a test compares them).
const ReferenceFile = "docs/campaign-yaml.md"

// schemaNode is the part of JSON Schema campaign.schema.json uses.
type schemaNode struct {
	Ref         string                 `json:"$ref"`
	Type        string                 `json:"type"`
	Title       string                 `json:"title"`
	Description string                 `json:"description"`
	Const       any                    `json:"const"`
	Enum        []any                  `json:"enum"`
	Default     any                    `json:"default"`
	Pattern     string                 `json:"pattern"`
	Format      string                 `json:"format"`
	Minimum     *float64               `json:"minimum"`
	Deprecated  bool                   `json:"deprecated"`
	Required    []string               `json:"required"`
	Properties  map[string]*schemaNode `json:"properties"`
	Items       *schemaNode            `json:"items"`
	OneOf       []*schemaNode          `json:"oneOf"`
	Defs        map[string]*schemaNode `json:"$defs"`
	order       []string               // property names as written
}

// UnmarshalJSON keeps the properties' order: the reference lists them as the schema does.
func (n *schemaNode) UnmarshalJSON(data []byte) error {
	type plain schemaNode
	if err := json.Unmarshal(data, (*plain)(n)); err != nil {
		return err
	}
	var raw struct {
		Properties json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(data, &raw); err != nil || len(raw.Properties) == 0 {
		return err
	}
	dec := json.NewDecoder(strings.NewReader(string(raw.Properties)))
	if _, err := dec.Token(); err != nil { // {
		return err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		n.order = append(n.order, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err
		}
	}
	return nil
}

// SchemaReference renders the campaign.yaml reference (Markdown) from the schema.
func SchemaReference() (string, error) {
	var root schemaNode
	if err := json.Unmarshal(Schema, &root); err != nil {
		return "", err
	}
	r := &reference{defs: root.Defs}
	r.line("# campaign.yaml reference")
	r.line("")
	r.line("<!-- Generated from internal/content/campaign.schema.json: edit the schema, then run")
	r.line("     PROMO_UPDATE=1 go test ./internal/content -run Reference -->")
	r.line("")
	r.line(root.Description + " How to make one: [the authoring guide](authoring.md).")
	r.line("")
	r.line("Times carry their zone (`2026-12-01T00:00:00Z`, `2026-12-01T08:00:00+08:00`). Text keys name")
	r.line("texts of the campaign's namespace (`locales/<locale>/<namespace>.json`); `promo check`")
	r.line("and `promo build` fail on a key English lacks.")
	r.object("campaign.yaml", &root)
	return r.b.String(), nil
}

type reference struct {
	b    strings.Builder
	defs map[string]*schemaNode
}

func (r *reference) line(s string) { r.b.WriteString(s + "\n") }

func (r *reference) resolve(n *schemaNode) *schemaNode {
	if name, ok := strings.CutPrefix(n.Ref, "#/$defs/"); ok && r.defs[name] != nil {
		merged := *r.defs[name]
		if n.Description != "" {
			merged.Description = n.Description
		}
		return &merged
	}
	return n
}

// object writes a heading and a table of n's fields, then the objects inside it.
func (r *reference) object(where string, n *schemaNode) {
	r.line("")
	r.line("## `" + where + "`")
	r.line("")
	if n.Description != "" && where != "campaign.yaml" {
		r.line(n.Description)
		r.line("")
	}
	r.line("| field | type | required | default | what it is |")
	r.line("|---|---|---|---|---|")
	var nested []func()
	for _, name := range n.order {
		p := r.resolve(n.Properties[name])
		req := ""
		if slices.Contains(n.Required, name) {
			req = "yes"
		}
		def := ""
		if p.Default != nil {
			def = "`" + jsonText(p.Default) + "`"
		}
		desc := p.Description
		if name == "type" && p.Const != nil {
			desc = "The section's kind."
		}
		if p.Deprecated {
			desc = "Deprecated. " + desc
		}
		r.line(fmt.Sprintf("| `%s` | %s | %s | %s | %s |", name, r.typeOf(p), req, def, cell(desc)))
		path := where + "." + name
		if where == "campaign.yaml" {
			path = name
		}
		switch {
		case p.Type == "object" && len(p.Properties) > 0:
			nested = append(nested, func() { r.object(path, p) })
		case p.Items != nil && len(p.Items.OneOf) > 0:
			nested = append(nested, func() { r.kinds(path+"[]", p.Items) })
		case p.Items != nil && r.resolve(p.Items).Type == "object" && len(r.resolve(p.Items).Properties) > 0:
			item := r.resolve(p.Items)
			nested = append(nested, func() { r.object(path+"[]", item) })
		}
	}
	for _, f := range nested {
		f()
	}
}

// kinds writes one table per alternative of a list whose items differ by type
// (sections), named by the alternative's const type.
func (r *reference) kinds(where string, n *schemaNode) {
	for _, alt := range n.OneOf {
		kind := ""
		if t := alt.Properties["type"]; t != nil && t.Const != nil {
			kind = fmt.Sprint(t.Const)
		}
		r.object(fmt.Sprintf("%s type: %s", where, kind), alt)
	}
}

func (r *reference) typeOf(n *schemaNode) string {
	switch {
	case n.Const != nil:
		return "`" + jsonText(n.Const) + "`"
	case len(n.Enum) > 0:
		vals := make([]string, len(n.Enum))
		for i, v := range n.Enum {
			vals[i] = "`" + jsonText(v) + "`"
		}
		return "one of " + strings.Join(vals, ", ")
	case n.Type == "array" && n.Items != nil:
		item := r.resolve(n.Items)
		if len(item.OneOf) > 0 {
			return "list of sections"
		}
		return "list of " + r.typeOf(item)
	case n.Format == "date-time":
		return "date and time"
	case n.Type == "":
		return "any"
	}
	return n.Type
}

func jsonText(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

func cell(s string) string {
	return strings.NewReplacer("|", "\\|", "\n", " ").Replace(s)
}
