package function

import "encoding/json"

// A minimal reader of a JSON object's members, for bodies json.Valid has
// accepted. The function only needs a few top-level fields of each upstream
// answer (ret_code, token, result); decoding whole answers with
// encoding/json cost more than the rest of the request handling.

// members calls fn with each member of the object b, in order. Keys arrive
// decoded, so an escaped spelling (\u0074oken) is seen as what a browser's
// JSON.parse makes of it. It reports false when b is not an object.
func members(b []byte, fn func(key []byte, val []byte)) bool {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return true
	}
	for i < len(b) {
		if b[i] != '"' {
			return false
		}
		end := skipString(b, i)
		key := b[i+1 : end-1]
		if needsDecoding(key) {
			var s string
			if json.Unmarshal(b[i:end], &s) != nil {
				return false
			}
			key = []byte(s)
		}
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipSpace(b, i+1)
		start := i
		i = skipValue(b, i)
		fn(key, b[start:i])
		i = skipSpace(b, i)
		if i >= len(b) {
			return false
		}
		if b[i] == '}' {
			return true
		}
		if b[i] != ',' {
			return false
		}
		i = skipSpace(b, i+1)
	}
	return false
}

// needsDecoding: keys with escapes or non-ASCII bytes are decoded the way
// encoding/json does (invalid UTF-8 becomes U+FFFD), plain ones are used as is.
func needsDecoding(key []byte) bool {
	for _, c := range key {
		if c == '\\' || c >= 0x80 {
			return true
		}
	}
	return false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the index after the string starting at b[i] == '"'.
func skipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// skipValue returns the index after the value starting at b[i].
func skipValue(b []byte, i int) int {
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				i = skipString(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	for i < len(b) {
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}
