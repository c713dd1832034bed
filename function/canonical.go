package function

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// canonicalJSON reads the JSON value in b, refusing one whose objects name a key
// twice, and returns its canonical encoding (keys sorted, no spaces, numbers as
// written): what the function validates is what it forwards. Forwarding the bytes as
// they came would let {"campaignId": "<5000 chars>", "campaignId": "ok"} pass the
// checks on the last value while an upstream parser that keeps the first sees an id
// no check has seen.
func canonicalJSON(b []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := readValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("more than one JSON value")
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

// maxDepth bounds nesting: a request body of ours is two levels deep.
const maxDepth = 32

func readValue(dec *json.Decoder, depth int) (any, error) {
	if depth > maxDepth {
		return nil, errors.New("JSON nested too deeply")
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			m := map[string]any{}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, _ := k.(string)
				if _, dup := m[key]; dup {
					return nil, fmt.Errorf("the key %q is given twice", key)
				}
				if m[key], err = readValue(dec, depth+1); err != nil {
					return nil, err
				}
			}
			_, err := dec.Token() // }
			return m, err
		case '[':
			a := []any{}
			for dec.More() {
				v, err := readValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := dec.Token() // ]
			return a, err
		}
		return nil, errors.New("unexpected " + t.String())
	default:
		return t, nil // string, json.Number, bool, nil
	}
}
