package mock

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/contract"
)

// TestDocNamesTheContractQuery: doc.go, the one description of the upstream,
// shows each upstream route's query parameters exactly as internal/contract
// lists them (the ones the function forwards and the page sends), in order,
// and shows none for a route that takes none.
func TestDocNamesTheContractQuery(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^//\t(GET|POST) +(/\S*?)(?:\?(\S+))?(?:\s|$)`)
	documented := map[string][]string{}
	for _, m := range line.FindAllStringSubmatch(string(src), -1) {
		var keys []string
		if m[3] != "" {
			for _, kv := range strings.Split(m[3], "&") {
				keys = append(keys, strings.SplitN(kv, "=", 2)[0])
			}
		}
		documented[m[2]] = keys
	}
	for _, c := range contract.RoutesOf(contract.Upstream) {
		keys, ok := documented[c.Path]
		if !ok {
			t.Errorf("doc.go does not describe %s %s", c.Method, c.Path)
			continue
		}
		if want := c.Query(); !slices.Equal(keys, want) {
			t.Errorf("doc.go shows %s with query %v; internal/contract says %v", c.Path, keys, want)
		}
	}
}

// TestSpotKlineReadsTheContractSymbol: the symbol list travels under the
// contract's first spot k-line parameter, and the mock answers each symbol
// named there in order.
func TestSpotKlineReadsTheContractSymbol(t *testing.T) {
	m, _ := newTestMock()
	name := contract.SpotKline.Query()[0]
	var res []spotSeries
	a := call(t, m, "GET", contract.SpotKline.Path+"?"+name+"=SOLUSDT,BTCUSDT&interval=1h&limit=24", "", "")
	a.into(t, &res)
	if len(res) != 2 || res[0].Symbol != "SOLUSDT" || res[1].Symbol != "BTCUSDT" {
		t.Fatalf("%s=SOLUSDT,BTCUSDT answered %s", name, a.raw)
	}
}
