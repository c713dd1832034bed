// Command lambdazip packages a Lambda binary for the provided.al2023 runtime: a zip
// holding it as an executable named bootstrap (`make lambda`, docs/deploy.md).
//
//	go run ./scripts/lambdazip BINARY ZIP
package main

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"time"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: lambdazip BINARY ZIP")
		os.Exit(2)
	}
	if err := write(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "lambdazip:", err)
		os.Exit(1)
	}
}

func write(binary, out string) error {
	in, err := os.Open(binary)
	if err != nil {
		return err
	}
	defer in.Close()
	tmp := out + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	hdr := &zip.FileHeader{Name: "bootstrap", Method: zip.Deflate, Modified: time.Unix(0, 0).UTC()}
	hdr.SetMode(0o755) // Lambda runs bootstrap: it must be executable
	w, err := zw.CreateHeader(hdr)
	if err == nil {
		_, err = io.Copy(w, in)
	}
	if cerr := zw.Close(); err == nil {
		err = cerr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, out)
}
