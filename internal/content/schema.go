package content

import _ "embed"

// Schema is the published JSON Schema of campaign.yaml, for editors' completion and
// checks (DESIGN §3). schema_test.go keeps it in step with the Go model.
//
//go:embed campaign.schema.json
var Schema []byte
