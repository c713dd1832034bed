package main

import (
	"archive/zip"
	"debug/elf"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/promohq/promo/internal/sitetest"
)

// `make lambda` gives, per architecture, a zip holding one executable named
// bootstrap: a static Linux binary for that architecture, as provided.al2023 runs it.
func TestMakeLambda(t *testing.T) {
	root := sitetest.RepoRoot()
	cmd := exec.Command("make", "-s", "lambda", "LAMBDA_ARCHS=arm64")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make lambda: %v\n%s", err, out)
	}
	zr, err := zip.OpenReader(filepath.Join(root, "bin", "promo-lambda-arm64.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if len(zr.File) != 1 || zr.File[0].Name != "bootstrap" || zr.File[0].Mode().Perm()&0o111 == 0 {
		t.Fatalf("the zip should hold one executable bootstrap: %v", zr.File)
	}
	f, err := zr.File[0].Open()
	if err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(t.TempDir(), "bootstrap")
	out, _ := os.Create(tmp)
	io.Copy(out, f)
	out.Close()
	bin, err := elf.Open(tmp)
	if err != nil {
		t.Fatalf("bootstrap is not an ELF binary: %v", err)
	}
	defer bin.Close()
	if bin.Machine != elf.EM_AARCH64 || bin.Type != elf.ET_EXEC {
		t.Errorf("bootstrap is %v %v, want an arm64 executable", bin.Machine, bin.Type)
	}
	for _, p := range bin.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("bootstrap is dynamically linked; provided.al2023 needs it static")
		}
	}
}
